import {
  idParams,
  locationBody,
  locationListQuery,
  locationListReply,
  locationReply,
  okReply,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { replies, type RouteApp } from '../../lib/routes.js';
import { actorOf, scopeOf } from '../../plugins/guard.js';
import * as service from './service.js';

const members = { roles: ['super_user', 'user'], scope: 'assigned-devices' } as const;
const owners = { roles: ['super_user'], scope: 'account' } as const;

const tags = ['locations'];

/** `GET /api/location/:id`, `POST /api/location`. */
function locationListRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/location/:id',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'The locations of user {id} (the caller), by name',
        description:
          '`page=0` lists them all (the dashboard); the map asks for `pageSize=100`. A user sees only the locations holding devices assigned to them, and `deviceCount` counts only those.',
        params: idParams,
        querystring: locationListQuery,
        response: replies({ 200: locationListReply }),
      },
    },
    async (request) => ({
      data: await service.list(
        ctx,
        actorOf(request),
        scopeOf(request),
        request.params.id,
        request.query,
      ),
    }),
  );

  app.post(
    '/api/location',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Add a location',
        body: locationBody,
        response: replies({ 201: locationReply }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.create(ctx, actorOf(request), scopeOf(request), request.body.name),
      }),
  );
}

/** `PUT /api/location/:id`, `DELETE /api/location/:id`. */
function locationEditRoutes(app: RouteApp, ctx: AppContext) {
  app.put(
    '/api/location/:id',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Rename a location',
        params: idParams,
        body: locationBody,
        response: replies({ 200: locationReply }),
      },
    },
    async (request) => ({
      data: await service.rename(
        ctx,
        actorOf(request),
        scopeOf(request),
        request.params.id,
        request.body.name,
      ),
    }),
  );

  app.delete(
    '/api/location/:id',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Delete a location; its devices stay, out of any location',
        params: idParams,
        response: replies({ 200: okReply }),
      },
    },
    async (request) => {
      await service.remove(ctx, actorOf(request), scopeOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
}

export const locationRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  locationListRoutes(app, ctx);
  locationEditRoutes(app, ctx);
};

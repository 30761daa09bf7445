import {
  csvFile,
  gatewayBody,
  gatewayCredentialsReply,
  gatewayListQuery,
  gatewayListReply,
  gatewayReply,
  gatewayUpdateBody,
  idParams,
  okReply,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { replies, type RouteApp } from '../../lib/routes.js';
import { actorOf, scopeOf } from '../../plugins/guard.js';
import * as service from './service.js';

/** Gateways are the account owners' business; sub-users never see them. */
const owners = { roles: ['super_user'], scope: 'account' } as const;
const platform = { roles: ['super_admin'], scope: 'platform' } as const;

const credentialsNote =
  'The reply carries the MQTT secret, shown this once (only its argon2id hash is stored), and how to connect: MQTT 3.1.1 at `mqtt.url`, username = the gateway ID, password = the secret, topics under `mqtt.topicPrefix`.';

const tags = ['gateways'];

/** `GET /api/gateway/:id/`, `GET /api/gateway/global`, `GET /api/gateway/csv`. */
function gatewayListRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/gateway/:id/',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'The gateways of user {id} (the caller): their account’s',
        params: idParams,
        querystring: gatewayListQuery,
        response: replies({ 200: gatewayListReply }),
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

  app.get(
    '/api/gateway/global',
    {
      config: { guard: platform },
      schema: {
        tags,
        summary: 'Every account’s gateways with firmware versions (platform administrator)',
        querystring: gatewayListQuery,
        response: replies({ 200: gatewayListReply }),
      },
    },
    async (request) => ({ data: await service.globalList(ctx, request.query) }),
  );

  app.get(
    '/api/gateway/csv',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'gatewayList.csv: the gateways list as a CSV download',
        response: replies({ 200: csvFile }),
      },
    },
    async (request, reply) => {
      const file = await service.csv(ctx, scopeOf(request));
      return reply.headers(file.headers).send(file.body);
    },
  );
}

/** `POST /api/gateway`, `PUT /api/gateway/:id`, `DELETE /api/gateway/:id`. */
function gatewayEditRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/gateway',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Register a gateway',
        description: `The gateway ID is stored lower-case and is unique platform-wide (409). ${credentialsNote}`,
        body: gatewayBody,
        response: replies({ 201: gatewayCredentialsReply }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.create(ctx, actorOf(request), scopeOf(request), request.body),
      }),
  );

  app.put(
    '/api/gateway/:id',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Edit a gateway; send only what changes',
        description:
          'Changing `gatewayId` needs `unlockToken` from `POST /api/auth/unlock` of this session (else 403); the gateway then signs in with the new ID and its current secret.',
        params: idParams,
        body: gatewayUpdateBody,
        response: replies({ 200: gatewayReply }),
      },
    },
    async (request) => ({
      data: await service.update(
        ctx,
        actorOf(request),
        scopeOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/gateway/:id',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Delete a gateway that no device uses (else 409)',
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

/** `POST /api/gateway/:id/secret`. */
function gatewaySecretRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/gateway/:id/secret',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Give a gateway a new MQTT secret; the old one stops working',
        description: credentialsNote,
        params: idParams,
        response: replies({ 200: gatewayCredentialsReply }),
      },
    },
    async (request) => ({
      data: await service.rotateSecret(ctx, actorOf(request), scopeOf(request), request.params.id),
    }),
  );
}

export const gatewayRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  gatewayListRoutes(app, ctx);
  gatewayEditRoutes(app, ctx);
  gatewaySecretRoutes(app, ctx);
};

import {
  alertProfileBody,
  alertProfileDeleteBody,
  alertProfileListReply,
  alertProfileQuery,
  alertProfileReply,
  alertProfileUpdateBody,
  okReply,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { replies, type RouteApp } from '../../../lib/routes.js';
import { actorOf, scopeOf } from '../../../plugins/guard.js';
import * as service from './service.js';

const members = { roles: ['super_user', 'user'], scope: 'account' } as const;
const owners = { roles: ['super_user'], scope: 'account' } as const;
const applies =
  'Applies the profile to each chosen device as one alarm with `profileId` (thresholds and recipients copied; temperatures Celsius). Devices no longer chosen lose their profile alarm.';

/** Alert profiles (spec monitoring 2, 3, 5, 7): only a super_user changes them. */

const tags = ['alert profiles'];

/** `GET /api/alarms/getAlarmProfiles`. */
function profileListRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/alarms/getAlarmProfiles',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'The account’s alert profiles by name (`search` filters by name)',
        description: 'A user sees no profiles (an empty `result`).',
        querystring: alertProfileQuery,
        response: replies({ 200: alertProfileListReply }),
      },
    },
    async (request) => ({
      data: await service.list(ctx, actorOf(request), scopeOf(request), request.query),
    }),
  );
}

/** `POST /api/alarms/setAlarmProfile`, `POST /api/alarms/updateAlarmProfile`, `POST /api/alarms/deleteAlarmProfile`. */
function profileEditRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/alarms/setAlarmProfile',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Add an alert profile',
        description: applies,
        body: alertProfileBody,
        response: replies({ 201: alertProfileReply }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.create(ctx, actorOf(request), scopeOf(request), request.body),
      }),
  );

  app.post(
    '/api/alarms/updateAlarmProfile',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Change an alert profile and rewrite its devices’ alarms',
        description: applies,
        body: alertProfileUpdateBody,
        response: replies({ 200: alertProfileReply }),
      },
    },
    async (request) => ({
      data: await service.update(ctx, actorOf(request), scopeOf(request), request.body),
    }),
  );

  app.post(
    '/api/alarms/deleteAlarmProfile',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Delete an alert profile and the alarms it applied',
        body: alertProfileDeleteBody,
        response: replies({ 200: okReply }),
      },
    },
    async (request) => {
      await service.remove(ctx, actorOf(request), scopeOf(request), request.body.profileId);
      return { data: { ok: true as const } };
    },
  );
}

export const alertProfileRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  profileListRoutes(app, ctx);
  profileEditRoutes(app, ctx);
};

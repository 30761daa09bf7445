import {
  alarmListQuery,
  deviceAlarmBody,
  deviceAlarmListQuery,
  deviceAlarmListReply,
  deviceAlarmReply,
  deviceAlarmUpdateBody,
  idParams,
  lightAlarmBody,
  lightAlarmCreateReply,
  lightAlarmListReply,
  lightAlarmUpdateBody,
  okReply,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { replies, type RouteApp } from '../../../lib/routes.js';
import { actorOf, scopeOf } from '../../../plugins/guard.js';
import * as light from './light-service.js';
import * as service from './service.js';

const members = { roles: ['super_user', 'user'], scope: 'assigned-devices' } as const;
const everyone = {
  roles: ['super_admin', 'super_user', 'user'],
  scope: 'assigned-devices',
} as const;
const editingRule =
  'Refused (403) when the alarm comes from an alert profile, or when a user addresses an alarm a super_user created. Temperatures are Celsius.';

/** Device alarms and light alarms (spec monitoring 2, 3, 5, 7). */

const tags = ['alarm definitions'];

/** `GET /api/alarms/list`. */
function alarmListRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/alarms/list',
    {
      config: { guard: everyone },
      schema: {
        tags,
        summary: 'The alarms page: alarms newest first, 10 a page',
        description:
          'A super_admin sees every account (with `accountName`), a super_user their account, a user the alarms of devices assigned to them. `search` filters by alarm name.',
        querystring: alarmListQuery,
        response: replies({ 200: deviceAlarmListReply }),
      },
    },
    async (request) => ({
      data: await service.listAll(ctx, actorOf(request), scopeOf(request), request.query),
    }),
  );
}

/** `GET /api/alarms/lightProfile`, `POST /api/alarms/lightProfile`, `PUT /api/alarms/lightProfile/:id`. */
function lightProfileRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/alarms/lightProfile',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'The light alarms (lux range on a weekly schedule) in reach',
        response: replies({ 200: lightAlarmListReply }),
      },
    },
    async (request) => ({ data: await light.list(ctx, actorOf(request), scopeOf(request)) }),
  );

  app.post(
    '/api/alarms/lightProfile',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Add a light alarm on each chosen device',
        description:
          'Every device must have a light sensor: its latest reading carries `light_s`. Lux 1 to 65536; windows in the alarm timezone.',
        body: lightAlarmBody,
        response: replies({ 201: lightAlarmCreateReply }),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await light.create(ctx, actorOf(request), scopeOf(request), request.body) }),
  );

  app.put(
    '/api/alarms/lightProfile/:id',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Change a light alarm (delete it with DELETE /api/alarms/{id})',
        description: editingRule,
        params: idParams,
        body: lightAlarmUpdateBody,
        response: replies({ 200: deviceAlarmReply }),
      },
    },
    async (request) => ({
      data: await light.update(
        ctx,
        actorOf(request),
        scopeOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );
}

/** `GET /api/alarms/:id`, `POST /api/alarms/setAlarm`. */
function deviceAlarmRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/alarms/:id',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'The threshold alarms of device {id} (the device row id)',
        description:
          '10 a page with `page`; without `page` the whole list (1000). Each alarm says whether the caller may edit it (`canEdit`).',
        params: idParams,
        querystring: deviceAlarmListQuery,
        response: replies({ 200: deviceAlarmListReply }),
      },
    },
    async (request) => ({
      data: await service.listOfDevice(
        ctx,
        actorOf(request),
        scopeOf(request),
        request.params.id,
        request.query,
      ),
    }),
  );

  app.post(
    '/api/alarms/setAlarm',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Add a device alarm',
        description:
          'A super_user on any device of the account, a user on devices assigned to them (naming only themselves among account users). Delay in seconds (0, 5 ... 60 minutes x60), frequency in minutes, temperatures Celsius.',
        body: deviceAlarmBody,
        response: replies({ 201: deviceAlarmReply }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.create(ctx, actorOf(request), scopeOf(request), request.body),
      }),
  );
}

/** `PUT /api/alarms/:id`, `DELETE /api/alarms/:id`. */
function deviceAlarmEditRoutes(app: RouteApp, ctx: AppContext) {
  app.put(
    '/api/alarms/:id',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Change a device alarm',
        description: editingRule,
        params: idParams,
        body: deviceAlarmUpdateBody,
        response: replies({ 200: deviceAlarmReply }),
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
    '/api/alarms/:id',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Delete a device alarm or a light alarm',
        description: editingRule,
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

export const alarmDefinitionRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  alarmListRoutes(app, ctx);
  lightProfileRoutes(app, ctx);
  deviceAlarmRoutes(app, ctx);
  deviceAlarmEditRoutes(app, ctx);
};

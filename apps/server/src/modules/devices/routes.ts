import {
  connectedStatusReply,
  csvFile,
  deviceBody,
  deviceGlobalQuery,
  deviceListQuery,
  deviceListReply,
  deviceReply,
  deviceOverviewReply,
  deviceStatusReply,
  sparklineQuery,
  sparklinesReply,
  deviceUpdateBody,
  deviceUserBody,
  idParams,
  okReply,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { replies, type RouteApp } from '../../lib/routes.js';
import { actorOf, anyRole, scopeOf } from '../../plugins/guard.js';
import * as assignments from './assignments.js';
import * as service from './service.js';
import * as overview from './overview.js';
import * as status from './status.js';

/** People of an account; a `user` only ever sees the devices assigned to them. */
const members = { roles: ['super_user', 'user'], scope: 'assigned-devices' } as const;
const owners = { roles: ['super_user'], scope: 'account' } as const;
const platform = { roles: ['super_admin'], scope: 'platform' } as const;

const tags = ['devices'];

/** `GET /api/device/:id/`, `GET /api/device/global`, `GET /api/device/csv`. */
function deviceListRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/device/:id/',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'The devices of user {id} (the caller): the account’s, or a user’s assigned ones',
        description:
          '`locationId` lists one location’s devices; `location=false` those in no location, `location=true` those in one. `search` matches the device ID, name or company.',
        params: idParams,
        querystring: deviceListQuery,
        response: replies({ 200: deviceListReply }),
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
    '/api/device/global',
    {
      config: { guard: platform },
      schema: {
        tags,
        summary: 'Every account’s devices (platform administrator)',
        querystring: deviceGlobalQuery,
        response: replies({ 200: deviceListReply }),
      },
    },
    async (request) => ({
      data: await service.globalList(ctx, request.query),
    }),
  );

  app.get(
    '/api/device/csv',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'deviceList.csv: the devices list as a CSV download',
        response: replies({ 200: csvFile }),
      },
    },
    async (request, reply) => {
      const file = await service.csv(ctx, scopeOf(request));
      return reply.headers(file.headers).send(file.body);
    },
  );
}

/** `POST /api/device`, `PUT /api/device/:id`, `DELETE /api/device/:id`. */
function deviceEditRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/device',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Add a device',
        description:
          'The device ID is stored lower-case with colons and is unique platform-wide (409). Inactive equipment (`equipmentStatus: 0`) has offline alerts off; `invertWaterSignal` needs `spillSensor: 1`.',
        body: deviceBody,
        response: replies({ 201: deviceReply }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.create(ctx, actorOf(request), scopeOf(request), request.body),
      }),
  );

  app.put(
    '/api/device/:id',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Edit a device; send only what changes',
        description:
          'Changing `deviceId` needs `unlockToken` from `POST /api/auth/unlock` of this session (else 403). A location left for none marks the device removed from location.',
        params: idParams,
        body: deviceUpdateBody,
        response: replies({ 200: deviceReply }),
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
    '/api/device/:id',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Delete a device and its readings',
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

/** `GET /api/device/:id/status`, `GET /api/device/overview`, `GET /api/device/sparklines`. */
function deviceStatusRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/device/:id/status',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Online state, latest reading and alarm state of device {id} (its uuid)',
        description:
          '`state` is one of ok, alarm (an excursion awaits acknowledgement), acknowledged, offline, no_data (never reported); `alarms` are its events still out of range.',
        params: idParams,
        response: replies({ 200: deviceStatusReply }),
      },
    },
    async (request) => ({
      data: await status.ofDevice(ctx, scopeOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/device/overview',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Every device at a glance: latest reading, online and alarm state, by location',
        description:
          'The devices the person may see (a `user`: those assigned to them), ordered by location name, then name; each with its events still out of range.',
        response: replies({ 200: deviceOverviewReply }),
      },
    },
    async (request) => ({ data: { devices: await overview.overviewOf(ctx, scopeOf(request)) } }),
  );

  app.get(
    '/api/device/sparklines',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: "Every visible device's sparkline of the last hours, in one call",
        description:
          "Each device's primary metric (its temperature, else LN2 level, humidity, ...): the mean of each of 36 slots over `hours` (1 to 24, default 6) from the minute rollups; null where it sent nothing. Temperatures in Celsius.",
        querystring: sparklineQuery,
        response: replies({ 200: sparklinesReply }),
      },
    },
    async (request) => ({
      data: await overview.sparklines(ctx, scopeOf(request), request.query.hours),
    }),
  );
}

/** `POST /api/device/unassignLocation/:id`, `POST /api/device/assignUser`, `POST /api/device/unassignUser`. */
function deviceAssignmentRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/device/unassignLocation/:id',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Take device {id} out of its location (the map shows it needs relocating)',
        params: idParams,
        response: replies({ 200: deviceReply }),
      },
    },
    async (request) => ({
      data: await assignments.unassignLocation(
        ctx,
        actorOf(request),
        scopeOf(request),
        request.params.id,
      ),
    }),
  );

  app.post(
    '/api/device/assignUser',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Let a user of the account see a device',
        body: deviceUserBody,
        response: replies({ 200: deviceReply }),
      },
    },
    async (request) => ({
      data: await assignments.assignUser(ctx, actorOf(request), scopeOf(request), request.body),
    }),
  );

  app.post(
    '/api/device/unassignUser',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Stop showing a device to a user',
        body: deviceUserBody,
        response: replies({ 200: deviceReply }),
      },
    },
    async (request) => ({
      data: await assignments.unassignUser(ctx, actorOf(request), scopeOf(request), request.body),
    }),
  );
}

/** `GET /api/misc/connectedStatus`. */
function connectedStatusRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/misc/connectedStatus',
    {
      config: { guard: { roles: anyRole, scope: 'assigned-devices' } },
      schema: {
        tags,
        summary: 'Connected gateway and device counts (the dashboard Status card)',
        description:
          'The platform’s for a super_admin, the account’s for its owners, a user’s assigned devices and their gateways for a user. Active means online; offline devices leave out inactive equipment.',
        response: replies({ 200: connectedStatusReply }),
      },
    },
    async (request) => ({ data: await status.connected(ctx, scopeOf(request)) }),
  );
}

export const deviceRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  deviceListRoutes(app, ctx);
  deviceEditRoutes(app, ctx);
  deviceStatusRoutes(app, ctx);
  deviceAssignmentRoutes(app, ctx);
  connectedStatusRoutes(app, ctx);
};

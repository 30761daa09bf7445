import {
  associatedGatewaysReply,
  deleteAccountReply,
  idParams,
  voiceCallBody,
  voiceCallReply,
  accountListReply,
  accountSettingsReply,
  apiKeyReply,
  offlineAlarmSettings,
  offlineAlarmSettingsReply,
  updateAccountSettingsBody,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { replies, type RouteApp } from '../../lib/routes.js';
import { actorOf, scopeOf } from '../../plugins/guard.js';
import * as service from './service.js';

/** Everyone in an account reads its settings; only its owners change them. */
const members = { roles: ['super_user', 'user'], scope: 'account' } as const;
const owners = { roles: ['super_user'], scope: 'account' } as const;
/** The platform administrator manages the accounts themselves. */
const platform = { roles: ['super_admin'], scope: 'platform' } as const;

const tags = ['account settings'];

/** `GET /api/account/list`, `PATCH /api/account/voiceCall/:id`, `GET /api/account/:id/gateways`. */
function accountAdminRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/account/list',
    {
      config: { guard: platform },
      schema: {
        tags: ['accounts'],
        summary: 'Every account on the platform',
        response: replies({ 200: accountListReply }),
      },
    },
    async () => ({ data: await service.listAccounts(ctx) }),
  );

  app.patch(
    '/api/account/voiceCall/:id',
    {
      config: { guard: platform },
      schema: {
        tags: ['accounts'],
        summary: 'Turn voice-call alarms on or off for an account (editVoiceCall)',
        params: idParams,
        body: voiceCallBody,
        response: replies({ 200: voiceCallReply }),
      },
    },
    async (request) => ({
      data: await service.setVoiceCall(
        ctx,
        actorOf(request),
        request.params.id,
        request.body.voiceCall,
      ),
    }),
  );

  app.get(
    '/api/account/:id/gateways',
    {
      config: { guard: platform },
      schema: {
        tags: ['accounts'],
        summary: "An account's gateways (showAssociatedGateways)",
        params: idParams,
        response: replies({ 200: associatedGatewaysReply }),
      },
    },
    async (request) => ({ data: await service.associatedGateways(ctx, request.params.id) }),
  );
}

/** `DELETE /api/account/deleteAccount/:id`. */
function accountDeletionRoutes(app: RouteApp, ctx: AppContext) {
  app.delete(
    '/api/account/deleteAccount/:id',
    {
      config: { guard: platform },
      schema: {
        tags: ['accounts'],
        summary: 'Delete an account: disabled at once, its data purged after the grace period',
        description:
          'Its people can no longer sign in and their sessions end; its gateways and API key are refused. The data is kept for ACCOUNT_PURGE_GRACE_DAYS (30 by default), then deleted by the worker; the purge is in the audit trail. 409 when it is already deleted.',
        params: idParams,
        response: replies({ 200: deleteAccountReply }),
      },
    },
    async (request) => ({
      data: await service.deleteAccount(ctx, actorOf(request), request.params.id),
    }),
  );
}

/** `GET /api/account/getAccountSettings`, `PUT /api/account/updateAccountSettings`, `GET /api/account/getApiKey`, `POST /api/account/createApiKey`. */
function accountSettingsRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/account/getAccountSettings',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Temperature unit, voice call and alarm escalation time',
        response: replies({ 200: accountSettingsReply }),
      },
    },
    async (request) => ({ data: await service.settings(ctx, scopeOf(request)) }),
  );

  app.put(
    '/api/account/updateAccountSettings',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: "Change the account's temperature unit and/or alarm escalation time",
        description:
          'escalationMinutes: how long an alarm event may stay unacknowledged before the account admins are notified; 0 = never, otherwise 15 to 1440. Each change is audited.',
        body: updateAccountSettingsBody,
        response: replies({ 200: accountSettingsReply }),
      },
    },
    async (request) => ({
      data: await service.updateSettings(ctx, actorOf(request), scopeOf(request), request.body),
    }),
  );

  app.get(
    '/api/account/getApiKey',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: "The account's API key, masked",
        response: replies({ 200: apiKeyReply }),
      },
    },
    async (request) => ({ data: await service.apiKey(ctx, scopeOf(request)) }),
  );

  app.post(
    '/api/account/createApiKey',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Create a new API key (shown once); the previous one is revoked',
        response: replies({ 201: apiKeyReply }),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await service.createApiKey(ctx, actorOf(request), scopeOf(request)) }),
  );
}

/** `GET /api/misc/account/offlineAlarmSetting`, `PUT /api/misc/account/offlineAlarmSetting`. */
function offlineAlarmSettingRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/misc/account/offlineAlarmSetting',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Offline alarm settings',
        response: replies({ 200: offlineAlarmSettingsReply }),
      },
    },
    async (request) => ({ data: await service.offlineSettings(ctx, scopeOf(request)) }),
  );

  app.put(
    '/api/misc/account/offlineAlarmSetting',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Change the offline alarm settings',
        body: offlineAlarmSettings,
        response: replies({ 200: offlineAlarmSettingsReply }),
      },
    },
    async (request) => ({
      data: await service.saveOfflineSettings(
        ctx,
        actorOf(request),
        scopeOf(request),
        request.body,
      ),
    }),
  );
}

export const accountRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  accountAdminRoutes(app, ctx);
  accountDeletionRoutes(app, ctx);
  accountSettingsRoutes(app, ctx);
  offlineAlarmSettingRoutes(app, ctx);
};

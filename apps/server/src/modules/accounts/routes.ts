import {
  accountListReply,
  accountSettingsReply,
  apiKeyReply,
  offlineAlarmSettings,
  offlineAlarmSettingsReply,
  updateAccountSettingsBody,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/routes.js';
import { actorOf } from '../../plugins/guard.js';
import * as service from './service.js';

/** Everyone in an account reads its settings; only its owners change them. */
const members = { roles: ['super_user', 'user'] } as const;
const owners = { roles: ['super_user'] } as const;

export const accountRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  const tags = ['account settings'];

  app.get(
    '/api/account/list',
    {
      config: { guard: { roles: ['super_admin'] } },
      schema: {
        tags: ['accounts'],
        summary: 'Every account on the platform',
        response: replies({ 200: accountListReply }),
      },
    },
    async () => ({ data: await service.listAccounts(ctx) }),
  );

  app.get(
    '/api/account/getAccountSettings',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Temperature unit and voice call',
        response: replies({ 200: accountSettingsReply }),
      },
    },
    async (request) => ({ data: await service.settings(ctx, actorOf(request)) }),
  );

  app.put(
    '/api/account/updateAccountSettings',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: "Change the account's temperature unit",
        body: updateAccountSettingsBody,
        response: replies({ 200: accountSettingsReply }),
      },
    },
    async (request) => ({
      data: await service.updateSettings(ctx, actorOf(request), request.body.temperatureUnit),
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
    async (request) => ({ data: await service.apiKey(ctx, actorOf(request)) }),
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
      reply.code(201).send({ data: await service.createApiKey(ctx, actorOf(request)) }),
  );

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
    async (request) => ({ data: await service.offlineSettings(ctx, actorOf(request)) }),
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
      data: await service.saveOfflineSettings(ctx, actorOf(request), request.body),
    }),
  );
};

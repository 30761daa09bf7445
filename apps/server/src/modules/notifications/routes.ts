import {
  notificationListReply,
  notificationQuery,
  notificationStatisticsReply,
  smsLimitBody,
  smsLimitReply,
  webhookBody,
  webhookReply,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { replies, type RouteApp } from '../../lib/routes.js';
import { actorOf, scopeOf } from '../../plugins/guard.js';
import * as service from './service.js';

/** The platform administrator for every account; an owner for their own account. */
const managers = { roles: ['super_admin', 'super_user'], scope: 'account' } as const;
const platform = { roles: ['super_admin'], scope: 'platform' } as const;
const owners = { roles: ['super_user'], scope: 'account' } as const;

const tags = ['notifications'];

/** `GET /api/user/notifications`, `GET /api/user/notifications/statistics`. */
function notificationLogRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/user/notifications',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'The notification log: every message sent or not sent, newest first',
        description:
          '`isSms`: -1 both (default), 0 email, 1 SMS. A super_user sees only their own account.',
        querystring: notificationQuery,
        response: replies({ 200: notificationListReply }),
      },
    },
    async (request) => ({ data: await service.log(ctx, scopeOf(request), request.query) }),
  );

  app.get(
    '/api/user/notifications/statistics',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'Messages sent per UTC day and account',
        querystring: notificationQuery,
        response: replies({ 200: notificationStatisticsReply }),
      },
    },
    async (request) => ({
      data: await service.statistics(ctx, scopeOf(request), request.query),
    }),
  );
}

/** `POST /api/account/addLimit`. */
function smsLimitRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/account/addLimit',
    {
      config: { guard: platform },
      schema: {
        tags,
        summary: 'Set how many SMS an account may send per day (UTC)',
        body: smsLimitBody,
        response: replies({ 200: smsLimitReply }),
      },
    },
    async (request) => ({
      data: await service.setSmsLimit(ctx, actorOf(request), request.body),
    }),
  );
}

/** `GET /api/account/webhooks`, `PUT /api/account/webhooks`. */
function webhookRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/account/webhooks',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'The account’s webhook (null when none); the secret is never shown again',
        response: replies({ 200: webhookReply }),
      },
    },
    async (request) => ({ data: await service.webhook(ctx, scopeOf(request)) }),
  );

  app.put(
    '/api/account/webhooks',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Set the account’s webhook',
        description:
          'Alarm messages are POSTed as JSON with `X-Vigil-Timestamp` and `X-Vigil-Signature: sha256=<hex>`, the HMAC-SHA256 of `<timestamp>.<body>` with the secret. The secret is returned when the webhook is created or `rotateSecret` is true. The host must resolve to public addresses only (loopback, private, link-local, multicast, reserved and metadata addresses are refused with 400, unless the server runs with `WEBHOOK_ALLOW_PRIVATE=1`); deliveries check again as they connect and never follow redirects. A failed delivery shows in the log as "delivery failed".',
        body: webhookBody,
        response: replies({ 200: webhookReply }),
      },
    },
    async (request) => ({
      data: await service.saveWebhook(ctx, actorOf(request), scopeOf(request), request.body),
    }),
  );
}

export const notificationRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  notificationLogRoutes(app, ctx);
  smsLimitRoutes(app, ctx);
  webhookRoutes(app, ctx);
};

import { mqttAclBody, mqttAuthBody, mqttHookHeaders, mqttHookReply } from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { publicRoute, replies } from '../../lib/routes.js';
import * as service from './service.js';

const tags = ['broker'];

/**
 * MQTT_AUTH=http: the authentication and ACL hook of brokers that call out (EMQX, VerneMQ).
 * The broker proves itself with MQTT_HOOK_SECRET; answers are `{ result: allow | deny }`.
 */
export const brokerHookRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;

  app.post(
    '/api/mqtt/auth',
    {
      config: { guard: publicRoute },
      schema: {
        tags,
        summary:
          'Broker hook: may this user name and password connect? (a gateway id and its secret, or the platform account of MQTT_URL)',
        security: [],
        headers: mqttHookHeaders,
        body: mqttAuthBody,
        response: replies({ 200: mqttHookReply }),
      },
    },
    (request) => service.authenticate(ctx, request.headers['x-vigil-hook-secret'], request.body),
  );

  app.post(
    '/api/mqtt/acl',
    {
      config: { guard: publicRoute },
      schema: {
        tags,
        summary:
          'Broker hook: may this user publish or subscribe to this topic? (a gateway only to its own up, status, log and down)',
        security: [],
        headers: mqttHookHeaders,
        body: mqttAclBody,
        response: replies({ 200: mqttHookReply }),
      },
    },
    (request) => service.authorize(ctx, request.headers['x-vigil-hook-secret'], request.body),
  );
};

import { ingestHeaders, ingestReply, upMessage } from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { publicRoute, replies } from '../../lib/routes.js';
import * as service from './service.js';

/** Per API key (per address without one): a gateway posting every few seconds stays far below it. */
const ingestRateLimit = {
  max: 600,
  timeWindow: '1 minute',
  keyGenerator: (request: { headers: Record<string, unknown>; ip: string }) => {
    const key = request.headers['x-api-key'];
    return typeof key === 'string' && key !== '' ? `key:${key}` : `ip:${request.ip}`;
  },
};

export const ingestRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  const keyUses: service.KeyUses = new Map();

  app.post(
    '/api/ingest',
    {
      // No session: the account API key in `x-api-key` is checked by the service.
      config: { guard: publicRoute, rateLimit: ingestRateLimit },
      schema: {
        tags: ['ingest'],
        summary:
          "A gateway's `up` payload over HTTP, for the API key's account; replies once the readings are durable (unknownDevices counts devices)",
        security: [],
        headers: ingestHeaders,
        body: upMessage,
        response: replies({ 200: ingestReply }),
      },
    },
    async (request) => ({
      data: await service.ingest(ctx, keyUses, request.headers['x-api-key'], request.body),
    }),
  );
};

import { sql } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Registry } from 'prom-client';
import { unauthorized } from '../../errors.js';
import { publicRoute } from '../../lib/routes.js';
import { safeEqual } from '../../lib/secrets.js';

/** With METRICS_TOKEN set, only `Authorization: Bearer <METRICS_TOKEN>` may read the metrics. */
function metricsAllowed(token: string | undefined, authorization: string | undefined): boolean {
  if (token === undefined) return true;
  return authorization !== undefined && safeEqual(authorization, `Bearer ${token}`);
}

const health = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  /** The embedded broker (broker role) or the external broker connection (ingest role). */
  broker: z.enum(['ok', 'down', 'n/a']),
  roles: z.array(z.string()),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  const ingest = ctx.ingest;

  app.get(
    '/healthz',
    {
      config: { guard: publicRoute },
      schema: {
        tags: ['operations'],
        summary: 'Liveness, database and MQTT broker check',
        response: { 200: health, 503: health },
      },
    },
    async (_request, reply) => {
      const db = await ctx.db
        .execute(sql`select 1`)
        .then(() => 'ok' as const)
        .catch(() => 'down' as const);
      const broker = ingest.brokerHealth();
      const healthy = db === 'ok' && broker !== 'down';
      const body = {
        status: healthy ? ('ok' as const) : ('degraded' as const),
        db,
        broker,
        roles: ctx.config.roles,
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.code(healthy ? 200 : 503).send(body);
    },
  );

  app.get(
    '/metrics',
    {
      config: { guard: publicRoute },
      schema: { tags: ['operations'], summary: 'Prometheus metrics', hide: true },
    },
    async (request, reply) => {
      if (!metricsAllowed(ctx.config.metricsToken, request.headers.authorization)) {
        void reply.header('www-authenticate', 'Bearer');
        throw unauthorized();
      }
      // The app's own metrics and the ingest pipeline's (which also runs without the api role).
      const metrics = Registry.merge([app.metrics, ingest.registry]);
      return reply.type(metrics.contentType).send(await metrics.metrics());
    },
  );
};

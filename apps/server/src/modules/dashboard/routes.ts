import { dashboardPrefs, dashboardPrefsReply } from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/routes.js';
import { actorOf } from '../../plugins/guard.js';
import * as service from './service.js';

/** The roles that have a dashboard; a platform administrator lands on the users screen. */
const members = { roles: ['super_user', 'user'], scope: 'account' } as const;

export const dashboardRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  const tags = ['dashboard'];

  app.get(
    '/api/user/dashboard',
    {
      config: { guard: members },
      schema: {
        tags,
        summary:
          "The signed-in person's dashboard layout, card visibility and lock (null until saved)",
        response: replies({ 200: dashboardPrefsReply }),
      },
    },
    async (request) => ({ data: await service.get(ctx, actorOf(request)) }),
  );

  app.put(
    '/api/user/dashboard',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: "Save the signed-in person's dashboard layout, card visibility and lock",
        body: dashboardPrefs,
        response: replies({ 200: dashboardPrefsReply }),
      },
    },
    async (request) => ({ data: await service.save(ctx, actorOf(request), request.body) }),
  );
};

import { recentAlarmsReply, recentBody, recentQuery } from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/routes.js';
import { actorOf } from '../../plugins/guard.js';
import * as service from './service.js';

const members = { roles: ['super_user', 'user'] } as const;

export const alarmRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;

  app.post(
    '/api/alarms/recentAlarms/v2',
    {
      config: { guard: members },
      schema: {
        tags: ['alarms'],
        summary: 'Recent alarm events of the account, newest first (door openings left out)',
        description:
          'The page is in the query (the dashboard asks for `pageSize=9`); the body is ignored. A user sees only the alarms of devices assigned to them.',
        querystring: recentQuery,
        body: recentBody,
        response: replies({ 200: recentAlarmsReply }),
      },
    },
    async (request) => ({ data: await service.recent(ctx, actorOf(request), request.query) }),
  );
};

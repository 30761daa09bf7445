import { doorOpeningsReply, recentBody, recentQuery } from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/routes.js';
import { scopeOf } from '../../plugins/guard.js';
import * as service from './service.js';

const members = { roles: ['super_user', 'user'], scope: 'assigned-devices' } as const;

export const doorRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;

  app.post(
    '/api/alarms/recentDoorOpenings',
    {
      config: { guard: members },
      schema: {
        tags: ['doors'],
        summary: 'Recent door openings of the account, newest first',
        description:
          'The page is in the query (the dashboard asks for `pageSize=9`); the body, which the spec’s client fills with its `authToken`, is ignored. A user sees only the doors of devices assigned to them.',
        querystring: recentQuery,
        body: recentBody,
        response: replies({ 200: doorOpeningsReply }),
      },
    },
    async (request) => ({
      data: await service.recent(ctx, scopeOf(request), request.query),
    }),
  );
};

import { gatewayLogsQuery, gatewayLogsReply } from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/routes.js';
import { scopeOf } from '../../plugins/guard.js';
import * as service from './service.js';

/** The platform's and each account's owners read gateway logs; sub-users do not. */
const logReaders = { roles: ['super_admin', 'super_user'], scope: 'account' } as const;

export const gatewayLogRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;

  app.get(
    '/api/gateway/gatewayLogs',
    {
      config: { guard: logReaders },
      schema: {
        tags: ['gateways'],
        summary:
          "Gateway log lines, newest first (own account's gateways; every gateway for a super_admin)",
        querystring: gatewayLogsQuery,
        response: replies({ 200: gatewayLogsReply }),
      },
    },
    async (request) => ({ data: await service.list(ctx, scopeOf(request), request.query) }),
  );
};

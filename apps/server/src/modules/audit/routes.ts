import { auditFacetsReply, auditLogReply, auditQuery, auditVerifyReply } from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/routes.js';
import { scopeOf } from '../../plugins/guard.js';
import * as service from './service.js';

const auditors = { roles: ['super_admin', 'super_user'], scope: 'account' } as const;

export const auditRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  const tags = ['audit trail'];

  app.get(
    '/api/audit/logs',
    {
      config: { guard: auditors },
      schema: {
        tags,
        summary: 'The audit trail, newest first (own account; any or all for a super_admin)',
        querystring: auditQuery,
        response: replies({ 200: auditLogReply }),
      },
    },
    async (request) => ({
      data: await service.list(ctx.db, scopeOf(request), request.query),
    }),
  );

  app.get(
    '/api/audit/facets',
    {
      config: { guard: auditors },
      schema: {
        tags,
        summary: 'The events and actions present, for the filters',
        response: replies({ 200: auditFacetsReply }),
      },
    },
    async (request) => ({ data: await service.facets(ctx.db, scopeOf(request)) }),
  );

  app.get(
    '/api/audit/verify',
    {
      config: { guard: auditors },
      schema: {
        tags,
        summary: 'Verify the hash chain (own account; every chain for a super_admin)',
        response: replies({ 200: auditVerifyReply }),
      },
    },
    async (request) => ({ data: await service.verify(ctx.db, scopeOf(request)) }),
  );
};

import { createReadStream } from 'node:fs';
import {
  exportFileQuery,
  idParams,
  reportDownloadReply,
  reportRunParams,
  okReply,
  pageQuery,
  reportBody,
  reportListQuery,
  reportListReply,
  reportReply,
  reportRunListReply,
  reportSendReply,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { z } from 'zod';
import { publicRoute, replies, type RouteApp } from '../../lib/routes.js';
import { actorOf, scopeOf } from '../../plugins/guard.js';
import * as service from './service.js';

/** Owners manage every report of their account; users read the reports they receive. */
const members = { roles: ['super_user', 'user'], scope: 'assigned-devices' } as const;
const owners = { roles: ['super_user'], scope: 'account' } as const;

const tags = ['reports'];

/** `GET /api/reports`, `GET /api/reports/:id`. */
function reportReadRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/reports',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Scheduled reports of one type, newest first (10 a page, 1000 for all)',
        description:
          '`type=optional` lists the door/spill/LN2 reports, otherwise the environment ones; `id` answers that one report. A user sees only the reports they receive.',
        querystring: reportListQuery,
        response: replies({ 200: reportListReply }),
      },
    },
    async (request) => ({
      data: await service.list(ctx, actorOf(request), scopeOf(request), request.query),
    }),
  );

  app.get(
    '/api/reports/:id',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'One report with its devices and recipients',
        params: idParams,
        response: replies({ 200: reportReply }),
      },
    },
    async (request) => ({
      data: await service.get(ctx, actorOf(request), scopeOf(request), request.params.id),
    }),
  );
}

/** `POST /api/reports`, `PUT /api/reports/:id`, `DELETE /api/reports/:id`. */
function reportEditRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/reports',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Add a scheduled report',
        description:
          'Runs at 00:00 in `timezone` after each day, week (Monday) or month (the 1st), covering the period just ended.',
        body: reportBody,
        response: replies({ 201: reportReply }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.create(ctx, actorOf(request), scopeOf(request), request.body),
      }),
  );

  app.put(
    '/api/reports/:id',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Change a report (the whole payload)',
        params: idParams,
        body: reportBody,
        response: replies({ 200: reportReply }),
      },
    },
    async (request) => ({
      data: await service.update(
        ctx,
        actorOf(request),
        scopeOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/reports/:id',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Delete a report and its kept runs',
        params: idParams,
        response: replies({ 200: okReply }),
      },
    },
    async (request) => {
      await service.remove(ctx, actorOf(request), scopeOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
}

/** `POST /api/reports/:id/send`, `GET /api/reports/:id/runs`, `GET /api/reports/:id/runs/:runId/download`. */
function reportRunRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/reports/:id/send',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Send a report now, for the period that has just ended',
        params: idParams,
        response: replies({ 202: reportSendReply }),
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        data: await service.sendNow(ctx, actorOf(request), scopeOf(request), request.params.id),
      }),
  );

  app.get(
    '/api/reports/:id/runs',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'The runs of a report, newest first',
        params: idParams,
        querystring: pageQuery,
        response: replies({ 200: reportRunListReply }),
      },
    },
    async (request) => ({
      data: await service.runs(ctx, scopeOf(request), request.params.id, request.query),
    }),
  );

  app.get(
    '/api/reports/:id/runs/:runId/download',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'A signed link (an hour) to the kept file of a run',
        description: '409 while the run has no file yet.',
        params: reportRunParams,
        response: replies({ 200: reportDownloadReply }),
      },
    },
    async (request) => ({
      data: await service.downloadLink(
        ctx,
        actorOf(request),
        scopeOf(request),
        request.params.id,
        request.params.runId,
      ),
    }),
  );
}

/** `GET /api/reports/files/:runId`. */
function reportFileRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/reports/files/:runId',
    {
      // Opened in a new tab without the bearer header: the signed token is the authorisation.
      config: { guard: publicRoute },
      schema: {
        tags,
        summary: 'Download the kept file of a report run (CSV or PDF)',
        description: "403 when the token is forged, expired or another run's.",
        produces: ['text/csv', 'application/pdf'],
        params: z.object({ runId: z.uuid() }),
        querystring: exportFileQuery,
        response: replies({
          200: z
            .unknown()
            .meta({ type: 'string', format: 'binary', description: 'the report file' }),
        }),
      },
    },
    async (request, reply) => {
      const file = await service.openRunFile(ctx, request.params.runId, request.query.token);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file.path));
    },
  );
}

export const reportRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  reportReadRoutes(app, ctx);
  reportEditRoutes(app, ctx);
  reportRunRoutes(app, ctx);
  reportFileRoutes(app, ctx);
};

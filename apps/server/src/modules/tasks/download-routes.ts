import { createReadStream } from 'node:fs';
import { exportFileQuery, taskIdParams } from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute, replies } from '../../lib/routes.js';
import * as service from './download.js';

const fileBody = z.unknown().meta({
  type: 'string',
  format: 'binary',
  description: 'the export file (text/csv or application/pdf)',
});

export const fileRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;

  app.get(
    '/api/files/exports/:taskId',
    {
      // Opened by the browser in a new tab, without the bearer header: the signed token is the authorisation.
      config: { guard: publicRoute },
      schema: {
        tags: ['tasks'],
        summary: 'Download the file of a completed export',
        description:
          "The link comes from the export task (`resultUrl`) or from downloadCsv/downloadPdf (`url`). Its token is signed by the server, bound to the task and its account, and expires after an hour; 403 when it is forged, expired or another task's, 409 while the task is still running.",
        produces: ['text/csv', 'application/pdf'],
        params: taskIdParams,
        querystring: exportFileQuery,
        response: replies({ 200: fileBody }),
      },
    },
    async (request, reply) => {
      const file = await service.openExport(ctx, request.params.taskId, request.query.token);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file.path));
    },
  );
};

import { downloadQuery, downloadReply } from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { replies } from '../../../lib/routes.js';
import { actorOf, scopeOf } from '../../../plugins/guard.js';
import { deviceReaders } from '../routes.js';
import * as service from './start.js';

/** What the file of a raw-data export holds (these routes' and `POST /api/tasks`' description). */
export const exportFile =
  "The file has one row per reading: the timestamp in UTC and on the clock of `timezone`, every metric the device has (temperatures in the account's unit, named in the header) and whether the reading came late (backfilled). At most 366 days.";

/** `GET /api/device/downloadCsv|downloadPdf`: the raw-data export started from the device page. */
export const rawExportRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  const tags = ['tasks'];

  for (const format of ['csv', 'pdf'] as const) {
    app.get(
      format === 'csv' ? '/api/device/downloadCsv' : '/api/device/downloadPdf',
      {
        config: { guard: deviceReaders },
        schema: {
          tags,
          summary: `Start a ${format.toUpperCase()} export of a device's raw data`,
          description: `Starts the same task as \`POST /api/tasks\` and answers at once with its \`taskId\` and \`url\`, the file's signed link (valid for an hour): it serves the file once the task has completed (409 before), so poll the task first. ${exportFile}`,
          querystring: downloadQuery,
          response: replies({ 200: downloadReply }),
        },
      },
      async (request) => ({
        data: await service.download(
          ctx,
          actorOf(request),
          scopeOf(request),
          request.query,
          format,
        ),
      }),
    );
  }
};

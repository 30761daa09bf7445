import {
  createTaskBody,
  downloadQuery,
  downloadReply,
  taskIdParams,
  taskReply,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/routes.js';
import { actorOf, anyRole, scopeOf } from '../../plugins/guard.js';
import { deviceReaders } from '../readings/routes.js';
import * as service from './service.js';

const exportFile =
  "The file has one row per reading: the timestamp in UTC and on the clock of `timezone`, every metric the device has (temperatures in the account's unit, named in the header) and whether the reading came late (backfilled). At most 366 days.";

export const taskRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  const tags = ['tasks'];

  app.post(
    '/api/tasks',
    {
      // Every role may hold tasks; raw-data exports are for the people of the device's account.
      config: { guard: { roles: anyRole, scope: 'assigned-devices' } },
      schema: {
        tags,
        summary: 'Start a background export (type raw_data: CSV or PDF of one device)',
        description: `Poll \`GET /api/tasks/{taskId}\` until it is completed, then open \`resultUrl\`. ${exportFile}`,
        body: createTaskBody,
        response: replies({ 201: taskReply }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.createTask(ctx, actorOf(request), scopeOf(request), request.body),
      }),
  );

  app.get(
    '/api/tasks/:taskId',
    {
      config: { guard: { roles: anyRole, scope: 'account' } },
      schema: {
        tags,
        summary: 'Status and progress of a task; its signed result link once completed',
        params: taskIdParams,
        response: replies({ 200: taskReply }),
      },
    },
    async (request) => ({
      data: await service.getTask(ctx, actorOf(request), request.params.taskId),
    }),
  );

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

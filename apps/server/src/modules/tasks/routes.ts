import { createTaskBody, taskIdParams, taskReply } from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/routes.js';
import { actorOf, anyRole, scopeOf } from '../../plugins/guard.js';
import * as service from './service.js';

/** What app.ts hands the task routes from the domains that build the files. */
export type TaskRoutesOptions = {
  /** How each type of task starts (service.ts `TaskStarters`). */
  starters: service.TaskStarters;
  /** What a raw-data export's file holds, for the description (modules/readings/exports). */
  exportFile: string;
};

export const taskRoutes: FastifyPluginCallbackZod<TaskRoutesOptions> = (
  app,
  { starters, exportFile },
) => {
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
        data: await service.createTask(
          ctx,
          actorOf(request),
          scopeOf(request),
          request.body,
          starters,
        ),
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
};

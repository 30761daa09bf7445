import {
  acknowledgeBody,
  acknowledgeReply,
  addCommentBody,
  alarmCommentReply,
  alarmCommentsReply,
  alarmDownloadQuery,
  alarmEventParams,
  downloadReply,
  favouriteCommentBody,
  favouriteCommentReply,
  favouriteCommentsReply,
  okReply,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { replies, type RouteApp } from '../../../lib/routes.js';
import { actorOf, scopeOf } from '../../../plugins/guard.js';
import { downloadAlarms } from '../exports/downloads.js';
import * as service from './events-service.js';

const members = { roles: ['super_user', 'user'], scope: 'assigned-devices' } as const;
const tags = ['alarms'];
const scoped =
  'An event of another account is not found (404); a `user` reaches only the events of the devices assigned to them.';

/** Alarm events: acknowledgement (DESIGN.md 9), comments, favourite comments and the alarm report. */

/** `POST /api/alarms/events/:id/acknowledge`. */
function acknowledgeRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/alarms/events/:id/acknowledge',
    {
      config: { guard: members },
      schema: {
        tags,
        summary:
          'Acknowledge an alarm event with a comment and your password (electronic signature)',
        description: `The password is the signed-in person's own, checked again: a wrong one answers 403 "password didn't match" and changes nothing (after five wrong ones from one client, that client waits, 30 s and doubling up to 15 minutes; other clients are not slowed). An event acknowledged before answers 409. Re-notification and escalation stop; the comment is stored as the acknowledgement's, and the change is audited. ${scoped}`,
        params: alarmEventParams,
        body: acknowledgeBody,
        response: replies({ 200: acknowledgeReply }),
      },
    },
    async (request) => ({
      data: await service.acknowledge(
        ctx,
        actorOf(request),
        scopeOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );
}

/** `PUT /api/device-alarm/add-comment/:id`, `GET /api/device-alarm/comments/:id`. */
function commentRoutes(app: RouteApp, ctx: AppContext) {
  app.put(
    '/api/device-alarm/add-comment/:id',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Add a comment to an alarm event',
        description: scoped,
        params: alarmEventParams,
        body: addCommentBody,
        response: replies({ 200: alarmCommentReply }),
      },
    },
    async (request) => ({
      data: await service.addComment(
        ctx,
        actorOf(request),
        scopeOf(request),
        request.params.id,
        request.body.comment,
      ),
    }),
  );

  app.get(
    '/api/device-alarm/comments/:id',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: "An alarm event's comments, oldest first, with their authors",
        description: scoped,
        params: alarmEventParams,
        response: replies({ 200: alarmCommentsReply }),
      },
    },
    async (request) => ({
      data: await service.comments(ctx, scopeOf(request), request.params.id),
    }),
  );
}

/** `GET /api/alarms/favouriteComments`, `POST /api/alarms/favouriteComments`, `DELETE /api/alarms/favouriteComments/:id`. */
function favouriteCommentRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/alarms/favouriteComments',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: "The signed-in person's favourite comments",
        response: replies({ 200: favouriteCommentsReply }),
      },
    },
    async (request) => ({
      data: await service.favourites(ctx, actorOf(request), scopeOf(request)),
    }),
  );

  app.post(
    '/api/alarms/favouriteComments',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Save a comment as a favourite (once: a second time answers 409)',
        body: favouriteCommentBody,
        response: replies({ 201: favouriteCommentReply }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.addFavourite(
          ctx,
          actorOf(request),
          scopeOf(request),
          request.body.message,
        ),
      }),
  );

  app.delete(
    '/api/alarms/favouriteComments/:id',
    {
      config: { guard: members },
      schema: {
        tags,
        summary: 'Delete one of your favourite comments',
        params: alarmEventParams,
        response: replies({ 200: okReply }),
      },
    },
    async (request) => {
      await service.removeFavourite(ctx, actorOf(request), scopeOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
}

/** `/api/alarms/downloadAlarmCSV`, `/api/alarms/downloadAlarmPDF`. */
function alarmDownloadRoutes(app: RouteApp, ctx: AppContext) {
  for (const format of ['csv', 'pdf'] as const) {
    app.get(
      format === 'csv' ? '/api/alarms/downloadAlarmCSV' : '/api/alarms/downloadAlarmPDF',
      {
        config: { guard: members },
        schema: {
          tags,
          summary: `Start a ${format.toUpperCase()} report of the account's alarm events`,
          description: `The events raised from \`startTime\` to \`endTime\` (at most 12 months), door openings left out, oldest first: device, location, type, value, min and max (temperatures in the account's unit), state, raised, cleared and acknowledged times on the clock of \`timezone\`, who acknowledged and every comment. Answers at once with the export task's \`taskId\` and \`url\`, the file's signed link (valid for an hour), which serves the file once the task has completed (409 before). A \`user\` gets the events of their devices only.`,
          querystring: alarmDownloadQuery,
          response: replies({ 200: downloadReply }),
        },
      },
      async (request) => ({
        data: await downloadAlarms(ctx, actorOf(request), scopeOf(request), request.query, format),
      }),
    );
  }
}

export const alarmEventRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  acknowledgeRoutes(app, ctx);
  commentRoutes(app, ctx);
  favouriteCommentRoutes(app, ctx);
  alarmDownloadRoutes(app, ctx);
};

import {
  idParams,
  messageTemplateBody,
  messageTemplateListQuery,
  messageTemplateListReply,
  messageTemplateRelationBody,
  messageTemplateRelationListReply,
  messageTemplateRelationQuery,
  messageTemplateRelationReply,
  messageTemplateReply,
  okReply,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { replies, type RouteApp } from '../../lib/routes.js';
import { actorOf, scopeOf } from '../../plugins/guard.js';
import * as service from './service.js';

/** The platform administrator for every account; an owner for their own account. */
const managers = { roles: ['super_admin', 'super_user'], scope: 'account' } as const;

const tags = ['message templates'];

/** `GET /api/message-templates/`, `POST /api/message-templates/`. */
function templateListRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/message-templates/',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'Message templates: the platform defaults and the account’s own',
        description:
          'Placeholders are written `{{name}}`: alarmName, alarmMin, alarmMax, alarmMinHumidity, alarmMaxHumidity, alarmMinTemp, alarmMaxTemp, alarmMinCarbon, alarmMaxCarbon, alarmMinPressure, alarmMaxPressure, graphText, graphUrl, deviceName, deviceId, deviceUniqueNumber, locationName, incomingValue, event. A super_admin sees every account’s templates, or one account’s with `accountId`.',
        querystring: messageTemplateListQuery,
        response: replies({ 200: messageTemplateListReply }),
      },
    },
    async (request) => ({
      data: await service.list(ctx, scopeOf(request), request.query),
    }),
  );

  app.post(
    '/api/message-templates/',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'Add a template (a platform template when added by the super_admin)',
        body: messageTemplateBody,
        response: replies({ 201: messageTemplateReply }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.create(ctx, actorOf(request), scopeOf(request), request.body),
      }),
  );
}

/** `PUT /api/message-templates/:id`, `DELETE /api/message-templates/:id`. */
function templateEditRoutes(app: RouteApp, ctx: AppContext) {
  app.put(
    '/api/message-templates/:id',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'Edit a template',
        params: idParams,
        body: messageTemplateBody,
        response: replies({ 200: messageTemplateReply }),
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
    '/api/message-templates/:id',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'Delete a template no user receives',
        description:
          '409 `Cant delete template!` while a user receives it (remove the relation first) or for a platform default.',
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

/** `GET /api/message-templates-rel/`, `POST /api/message-templates-rel/`. */
function templateRelationRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/message-templates-rel/',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'Which template each user receives, by message type and method',
        querystring: messageTemplateRelationQuery,
        response: replies({ 200: messageTemplateRelationListReply }),
      },
    },
    async (request) => ({
      data: await service.relations(ctx, scopeOf(request), request.query.userId),
    }),
  );

  app.post(
    '/api/message-templates-rel/',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'Choose the template a user receives for a message type by a method',
        body: messageTemplateRelationBody,
        response: replies({ 200: messageTemplateRelationReply }),
      },
    },
    async (request) => ({
      data: await service.relate(ctx, actorOf(request), scopeOf(request), request.body),
    }),
  );
}

export const messageTemplateRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  templateListRoutes(app, ctx);
  templateEditRoutes(app, ctx);
  templateRelationRoutes(app, ctx);
};

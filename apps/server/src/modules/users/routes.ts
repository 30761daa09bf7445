import {
  accountMetadataReply,
  addUserBody,
  idParams,
  okReply,
  subUsersQuery,
  subUsersReply,
  updateProfileBody,
  userPreferencesBody,
  updateUserBody,
  userIdsReply,
  userListQuery,
  userListReply,
  userMetadataReply,
  userReply,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { replies, type RouteApp } from '../../lib/routes.js';
import { actorOf, anyRole, scopeOf } from '../../plugins/guard.js';
import * as accounts from '../accounts/index.js';
import * as service from './service.js';

const managers = { roles: ['super_admin', 'super_user'], scope: 'account' } as const;

const tags = ['users'];

/** `GET /api/user/metadata`, `GET /api/user/accountMetadata`. */
function userMetadataRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/user/metadata',
    {
      config: { guard: { roles: anyRole, scope: 'account' } },
      schema: {
        tags,
        summary: 'The signed-in user',
        response: replies({ 200: userMetadataReply }),
      },
    },
    async (request) => ({
      data: await service.userMetadata(ctx, actorOf(request), scopeOf(request)),
    }),
  );

  app.get(
    '/api/user/accountMetadata',
    {
      config: { guard: { roles: anyRole, scope: 'account' } },
      schema: {
        tags,
        summary:
          "The signed-in user's account and its gateway/device counts (the platform's for a super_admin)",
        response: replies({ 200: accountMetadataReply }),
      },
    },
    async (request) => ({ data: await accounts.accountMetadata(ctx, scopeOf(request)) }),
  );
}

/** `PUT /api/user/language`, `PUT /api/user/preferences`. */
function userSettingsRoutes(app: RouteApp, ctx: AppContext) {
  app.put(
    '/api/user/language',
    {
      config: { guard: { roles: anyRole, scope: 'account' } },
      schema: {
        tags,
        summary: "Set the signed-in user's language",
        body: updateProfileBody,
        response: replies({ 200: okReply }),
      },
    },
    async (request) => {
      await service.setLanguage(ctx, actorOf(request), request.body.language);
      return { data: { ok: true as const } };
    },
  );

  app.put(
    '/api/user/preferences',
    {
      config: { guard: { roles: anyRole, scope: 'account' } },
      schema: {
        tags,
        summary: "Set the signed-in user's own preferences (the alarm sound muted or not)",
        description:
          'Kept on the server, so that they follow the person to every browser; read back in `GET /api/user/metadata`.',
        body: userPreferencesBody,
        response: replies({ 200: okReply }),
      },
    },
    async (request) => {
      await service.setPreferences(ctx, actorOf(request), request.body);
      return { data: { ok: true as const } };
    },
  );
}

/** `GET /api/user/userIds`, `GET /api/user/subUsers`. */
function userLookupRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/user/userIds',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'Users to choose from (own account; every account for a super_admin)',
        response: replies({ 200: userIdsReply }),
      },
    },
    async (request) => ({ data: await service.userIds(ctx, scopeOf(request)) }),
  );

  app.get(
    '/api/user/subUsers',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'The users a person created',
        querystring: subUsersQuery,
        response: replies({ 200: subUsersReply }),
      },
    },
    async (request) => ({
      data: await service.subUsers(ctx, actorOf(request), scopeOf(request), request.query.parentId),
    }),
  );
}

/** `POST /api/user/add`, `GET /api/user/:id/`. */
function userListRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/user/add',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'Add a user; an invitation mail follows',
        body: addUserBody,
        response: replies({ 201: userReply }),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await service.add(ctx, actorOf(request), scopeOf(request), request.body) }),
  );

  app.get(
    '/api/user/:id/',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'The users page of user {id} (the caller)',
        params: idParams,
        querystring: userListQuery,
        response: replies({ 200: userListReply }),
      },
    },
    async (request) => ({
      data: await service.list(
        ctx,
        actorOf(request),
        scopeOf(request),
        request.params.id,
        request.query,
      ),
    }),
  );
}

/** `PUT /api/user/:id`, `DELETE /api/user/:id`. */
function userEditRoutes(app: RouteApp, ctx: AppContext) {
  app.put(
    '/api/user/:id',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'Edit a user',
        params: idParams,
        body: updateUserBody,
        response: replies({ 200: userReply }),
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
    '/api/user/:id',
    {
      config: { guard: managers },
      schema: {
        tags,
        summary: 'Delete a user',
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

export const userRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  userMetadataRoutes(app, ctx);
  userSettingsRoutes(app, ctx);
  userLookupRoutes(app, ctx);
  userListRoutes(app, ctx);
  userEditRoutes(app, ctx);
};

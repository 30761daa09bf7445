import { createReadStream } from 'node:fs';
import {
  idParams,
  mapImageParams,
  mapImageQuery,
  mapListReply,
  mapReply,
  mapSaveBody,
  mapUploadReply,
  okReply,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { z } from 'zod';
import { publicRoute, replies, type RouteApp } from '../../lib/routes.js';
import { actorOf, scopeOf } from '../../plugins/guard.js';
import * as service from './service.js';
import { receivePlan } from './upload.js';

const owners = { roles: ['super_user'], scope: 'account' } as const;
const readers = { roles: ['super_user', 'user'], scope: 'assigned-devices' } as const;
const tags = ['maps'];

const image = z.unknown().meta({ type: 'string', format: 'binary', description: 'the plan image' });

/** `GET /api/map`. */
function mapListRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/map',
    {
      config: { guard: readers },
      schema: {
        tags,
        summary: "The account's floor-plan maps (array), oldest first",
        description:
          "Each placed device carries its current name, hardware address, `offline`, `alarm` (open alarm types) and `removed` (deleted or moved out of its placed location); a `user` sees only the devices assigned to them. `location` is the image's signed link (an hour). A radius above 5 is returned as 5.",
        response: replies({ 200: mapListReply }),
      },
    },
    async (request) => ({ data: await service.list(ctx, scopeOf(request)) }),
  );
}

/** `POST /api/map/upload`, `POST /api/map`, `DELETE /api/map/:id`. */
function mapEditRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/map/upload',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Upload a floor-plan image (multipart: file, title)',
        description:
          'multipart/form-data: `title` (required, at most 100 characters) and `file`: a PNG, JPEG, WebP or SVG image whose bytes and name agree, at most MAP_MAX_BYTES (413 beyond). An SVG is stored sanitised (no scripts, event handlers, foreignObject or external references). The width and height are read from the image and stored.',
        consumes: ['multipart/form-data'],
        response: replies({ 201: mapUploadReply }),
      },
    },
    async (request, reply) => {
      const plan = await receivePlan(request, ctx.config.mapMaxBytes);
      return reply
        .code(201)
        .send({ data: await service.upload(ctx, actorOf(request), scopeOf(request), plan) });
    },
  );

  app.post(
    '/api/map',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: "Save a map's image offset, placed locations and devices, radius and scale",
        description:
          'A location or device may be placed on at most one map (409 naming it and the map); each must be of the account. Titles, names, hardware addresses and `offline` are filled from the database.',
        body: mapSaveBody,
        response: replies({ 200: mapReply }),
      },
    },
    async (request) => ({
      data: await service.save(ctx, actorOf(request), scopeOf(request), request.body),
    }),
  );

  app.delete(
    '/api/map/:id',
    {
      config: { guard: owners },
      schema: {
        tags,
        summary: 'Delete a map and its image',
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

/** `GET /api/map/:id/image`. */
function mapImageRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/map/:id/image',
    {
      // Loaded by the canvas as an image URL, without the bearer header: the signed link (from
      // this account's GET /api/map) is the authorisation.
      config: { guard: publicRoute },
      schema: {
        tags,
        summary: "A map's image (the signed link in the map's `location`)",
        description:
          "403 when the token is forged, expired or another map's; served with `nosniff` and, for SVG, a policy that runs nothing.",
        produces: ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'],
        params: mapImageParams,
        querystring: mapImageQuery,
        response: replies({ 200: image }),
      },
    },
    async (request, reply) => {
      const file = await service.openImage(ctx, request.params.id, request.query.token);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, max-age=300')
        .send(createReadStream(file.path));
    },
  );
}

export const mapRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  mapListRoutes(app, ctx);
  mapEditRoutes(app, ctx);
  mapImageRoutes(app, ctx);
};

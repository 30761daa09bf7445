import { createReadStream } from 'node:fs';
import {
  firmwareDownloadParams,
  firmwareDownloadQuery,
  firmwareListQuery,
  firmwareListReply,
  firmwareUpdateReply,
  firmwareUploadReply,
  gatewayFirmwareQuery,
  idParams,
  loraFrequencyReply,
  nodeFirmwareBody,
} from '@vigil/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { z } from 'zod';
import { publicRoute, replies, type RouteApp } from '../../lib/routes.js';
import { actorOf, scopeOf } from '../../plugins/guard.js';
import * as service from './service.js';
import { receiveUpload } from './upload.js';

const platform = { roles: ['super_admin'], scope: 'platform' } as const;
const gatewayManagers = { roles: ['super_admin', 'super_user'], scope: 'account' } as const;
const tags = ['firmware'];

const binary = z
  .unknown()
  .meta({ type: 'string', format: 'binary', description: 'the firmware image' });

/** `POST /api/firmware`, `GET /api/firmware`. */
function firmwareFileRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/firmware',
    {
      config: { guard: platform },
      schema: {
        tags,
        summary: 'Upload gateway or node firmware (multipart)',
        description:
          'multipart/form-data: `target` (`gateway` default, or `node`); file parts `loraFw`, `espFw` (gateways only) and `nextion`, at least one; optional `loraFwVersion`, `espFwVersion`, `nextionVersion` (else the version is read from the file name, e.g. `lora_v2.1.3.bin`). Only `.bin` and `.tft` binary images, each at most FIRMWARE_MAX_BYTES (413 beyond). The SHA-256 of each file is stored and sent to the gateway with the update.',
        consumes: ['multipart/form-data'],
        response: replies({ 201: firmwareUploadReply }),
      },
    },
    async (request, reply) => {
      const { dataDir, firmwareMaxBytes } = ctx.config;
      const received = await receiveUpload(request, dataDir, firmwareMaxBytes);
      return reply.code(201).send({ data: await service.upload(ctx, actorOf(request), received) });
    },
  );

  app.get(
    '/api/firmware',
    {
      config: { guard: platform },
      schema: {
        tags,
        summary: 'Uploaded firmware files, newest first',
        querystring: firmwareListQuery,
        response: replies({ 200: firmwareListReply }),
      },
    },
    async (request) => ({ data: await service.list(ctx, request.query) }),
  );
}

/** `GET /api/gateway/public/gateway`, `POST /api/device/:id/firmware`. */
function firmwareUpdateRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/gateway/public/gateway',
    {
      config: { guard: platform },
      schema: {
        tags,
        summary: 'Start a gateway firmware update (spec: id, command)',
        description:
          '`command` is `main_LoRa` (loraFw), `main_ota` (espFw) or `nextion_main` (nextion); the newest uploaded gateway file of that kind unless `firmwareId` names one. Publishes `{ command, updateId, url, sha256, version, size, expiresAt }` on `v1/gateways/{gatewayId}/down`; `url` downloads the file for this update only, for an hour. 409 while the gateway is offline. The gateway reports on its `status` topic: `{ online, ..., ota: { updateId, command, status: downloading|installing|done|failed, progress, version, error } }`.',
        querystring: gatewayFirmwareQuery,
        response: replies({ 200: firmwareUpdateReply }),
      },
    },
    async (request) => ({
      data: await service.updateGateway(ctx, actorOf(request), request.query),
    }),
  );

  app.post(
    '/api/device/:id/firmware',
    {
      config: { guard: platform },
      schema: {
        tags,
        summary: 'Start a node firmware update through its gateway',
        description:
          'Publishes `node_ota` with the node’s `deviceId` on its gateway’s `down` topic (otherwise as the gateway update); the gateway reports with `ota.command = node_ota` and `ota.deviceId`.',
        params: idParams,
        body: nodeFirmwareBody,
        response: replies({ 200: firmwareUpdateReply }),
      },
    },
    async (request) => ({
      data: await service.updateNode(
        ctx,
        actorOf(request),
        request.params.id,
        request.body.firmwareId,
      ),
    }),
  );
}

/** `POST /api/gateway/:id/loraFrequency`. */
function loraFrequencyRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/api/gateway/:id/loraFrequency',
    {
      config: { guard: gatewayManagers },
      schema: {
        tags,
        summary: 'Send the gateway its LoRa frequency (empty body)',
        description:
          'Publishes `{ command: "lora_frequency", frequency }` with the gateway’s configured frequency on its `down` topic; the gateway reports the applied `loraFreq` on `status`.',
        params: idParams,
        response: replies({ 200: loraFrequencyReply }),
      },
    },
    async (request) => ({
      data: await service.sendLoraFrequency(
        ctx,
        actorOf(request),
        scopeOf(request),
        request.params.id,
      ),
    }),
  );
}

/** `GET /api/firmware/download/:updateId`. */
function firmwareDownloadRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/api/firmware/download/:updateId',
    {
      // Fetched by the gateway, which has no session: the signed token is the authorisation.
      config: { guard: publicRoute },
      schema: {
        tags,
        summary: 'Download the firmware of one update (the gateway)',
        description:
          'The link comes in the update command. Its token is bound to the update and its gateway and stored hashed; 403 when it is forged, expired, another update’s, or the update has finished.',
        produces: ['application/octet-stream'],
        params: firmwareDownloadParams,
        querystring: firmwareDownloadQuery,
        response: replies({ 200: binary }),
      },
    },
    async (request, reply) => {
      const file = await service.openDownload(ctx, request.params.updateId, request.query.token);
      return reply
        .type('application/octet-stream')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-checksum-sha256', file.sha256)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file.path));
    },
  );
}

export const firmwareRoutes: FastifyPluginCallbackZod = (app) => {
  const { ctx } = app;
  firmwareFileRoutes(app, ctx);
  firmwareUpdateRoutes(app, ctx);
  loraFrequencyRoutes(app, ctx);
  firmwareDownloadRoutes(app, ctx);
};

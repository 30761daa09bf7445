import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  commandKind,
  messages,
  nodeFirmwareCommand,
  versionFromFilename,
  type FirmwareCommand,
  type FirmwareCommandMessage,
  type FirmwareUpdate,
  type GatewayFirmwareCommand,
  type firmwareListQuery,
} from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { DownlinkUnavailable } from '../../ingest/downlink.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import { allAccounts, type Scope } from '../../lib/scope.js';
import { sha256 } from '../../lib/secrets.js';
import * as audit from '../audit/index.js';
import { storedFile } from '../files/index.js';
import {
  firmwareDownloadPath,
  firmwareLinkLifetimeMs,
  signFirmwareToken,
  verifyFirmwareToken,
} from './links.js';
import * as repo from './repo.js';
import type { ReceivedFile, ReceivedUpload } from './upload.js';
import { firmwareEvent, gatewayColumns, toFirmwareFile, toFirmwareUpdate } from './view.js';

const safeName = (filename: string) =>
  filename
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .slice(-100);

/** Where a firmware file lives under DATA_DIR/files. */
const firmwarePath = (target: string, id: string, filename: string) =>
  join('firmware', target, `${id}-${safeName(filename)}`);

function versionOf(file: ReceivedFile, entered: string | undefined): string {
  const version = entered ?? versionFromFilename(file.filename);
  if (!version) throw badRequest('firmwareVersionRequired', `${file.kind}Version`);
  return version;
}

/**
 * Stores uploaded firmware (spec monitoring 5): checksum, version, file under DATA_DIR/files.
 * `received` is the upload as upload.ts read it (its files still in their temporary place).
 */
export async function upload(ctx: AppContext, actor: Actor, received: ReceivedUpload) {
  const { dataDir } = ctx.config;
  const moved: string[] = [];
  try {
    const planned = received.files.map((file) => {
      const id = randomUUID();
      const path = firmwarePath(received.target, id, file.filename);
      return { id, file, path, version: versionOf(file, received.versions[file.kind]) };
    });
    for (const { file, path } of planned) {
      const absolute = storedFile(dataDir, path);
      await mkdir(dirname(absolute), { recursive: true });
      await rename(file.tempPath, absolute);
      moved.push(absolute);
    }
    const rows = await ctx.db.transaction(async (tx) => {
      const inserted = [];
      for (const { id, file, path, version } of planned) {
        inserted.push(
          await repo.insertFile(tx, {
            id,
            kind: file.kind,
            target: received.target,
            version,
            filename: file.filename,
            path,
            size: file.size,
            sha256: file.sha256,
            uploadedBy: actor.userId,
          }),
        );
      }
      await audit.record(tx, subjectOf(actor), {
        event: 'firmware',
        action: 'upload',
        information: `Uploaded ${received.target} firmware: ${inserted
          .map(
            (row) =>
              `${row.kind} ${row.version} (${row.filename}, ${row.size} bytes, sha256 ${row.sha256})`,
          )
          .join('; ')}`,
      });
      return inserted;
    });
    return { files: rows.map(toFirmwareFile), message: messages.gatewayUploaded };
  } catch (error) {
    await Promise.all([
      ...received.files.map((file) => rm(file.tempPath, { force: true })),
      ...moved.map((path) => rm(path, { force: true })),
    ]);
    throw error;
  }
}

export async function list(ctx: AppContext, query: z.output<typeof firmwareListQuery>) {
  const rows = await repo.listFiles(ctx.db, query);
  return { list: rows.map(toFirmwareFile) };
}

async function chooseFile(
  ctx: AppContext,
  target: 'gateway' | 'node',
  kind: 'loraFw' | 'espFw' | 'nextion',
  firmwareId: string | undefined,
) {
  const file = firmwareId
    ? await repo.findFile(ctx.db, firmwareId)
    : await repo.latestFile(ctx.db, target, kind);
  if (file?.target !== target || file.kind !== kind) throw new AppError(404, 'firmwareNotFound');
  return file;
}

type UpdateTarget = {
  gateway: repo.FirmwareGatewayRow;
  device: repo.FirmwareDeviceRow | undefined;
  command: FirmwareCommand;
  file: repo.FirmwareFileRow;
};

type Link = { id: string; token: string; expiresAt: Date };

/** The update row, the new version on the gateway (or node) and the audit entry, in one transaction. */
function recordUpdate(ctx: AppContext, actor: Actor, target: UpdateTarget, link: Link) {
  const { gateway, device, command, file } = target;
  const label = device
    ? `node ${device.deviceId} (${device.name})`
    : `gateway ${gateway.gatewayId}`;
  return ctx.db.transaction(async (tx) => {
    await repo.supersede(tx, gateway.id, command, device?.id ?? null);
    const inserted = await repo.insertUpdate(tx, {
      id: link.id,
      firmwareId: file.id,
      gatewayId: gateway.id,
      deviceId: device?.id ?? null,
      command,
      status: 'sent',
      progress: 0,
      tokenHash: sha256(link.token),
      expiresAt: link.expiresAt,
      requestedBy: actor.userId,
    });
    if (device) {
      await repo.setDeviceFirmware(tx, device.id, {
        fvNewVersion: file.version,
        otaStatus: 'sent',
      });
    } else if (command !== nodeFirmwareCommand) {
      const columns = gatewayColumns[command];
      await repo.setGatewayFirmware(tx, gateway.id, {
        [columns.next]: file.version,
        [columns.status]: 'sent',
      });
    }
    await audit.record(tx, subjectOf(actor), {
      event: 'firmware',
      action: 'update',
      information: `Sent ${command} ${file.version} (${file.filename}) to ${label}`,
    });
    return inserted;
  });
}

function commandMessage(ctx: AppContext, target: UpdateTarget, link: Link): FirmwareCommandMessage {
  const { device, command, file } = target;
  return {
    command,
    updateId: link.id,
    url: `${ctx.publicUrl()}${firmwareDownloadPath(link.id, link.token)}`,
    sha256: file.sha256,
    version: file.version,
    size: file.size,
    expiresAt: link.expiresAt.toISOString(),
    ...(device ? { deviceId: device.deviceId } : {}),
  };
}

/**
 * Records the update, marks the new version on the gateway (or node), then publishes the command
 * with a link that works only for this update, for an hour. The platform's own line goes to the
 * gateway's log; platform administrators see the change live.
 */
async function sendUpdate(ctx: AppContext, actor: Actor, target: UpdateTarget) {
  const { gateway, device, command, file } = target;
  if (gateway.status !== 'online') throw conflict('gatewayOffline');
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + firmwareLinkLifetimeMs);
  const token = await signFirmwareToken(ctx.links, { id, gatewayRowId: gateway.id }, expiresAt);
  const link = { id, token, expiresAt };
  const hub = ctx.ingest;
  const row = await recordUpdate(ctx, actor, target, link);
  // Logged and shown before it goes out: the gateway's first report may come back at once.
  await hub.logs.add({
    gatewayId: gateway.gatewayId,
    accountId: gateway.accountId,
    source: 'platform',
    message: `OTA ${command}: sent ${file.version} (${file.filename}, ${file.size} bytes)${device ? ` for node ${device.deviceId}` : ''}`,
  });
  const emit = async (current: FirmwareUpdate) => {
    hub.events.emit(
      'firmware',
      firmwareEvent(
        current,
        await repo.findGateway(ctx.db, allAccounts, gateway.id),
        device ? await repo.findDevice(ctx.db, device.id) : undefined,
      ),
    );
  };
  const update = toFirmwareUpdate(row, file.version);
  await emit(update);
  try {
    await hub.downlink.send(gateway.gatewayId, commandMessage(ctx, target, link));
  } catch (error) {
    const failed = await repo.saveUpdate(ctx.db, id, {
      status: 'failed',
      progress: 0,
      error: 'not sent: broker unavailable',
    });
    if (failed) await emit(toFirmwareUpdate(failed, file.version));
    if (error instanceof DownlinkUnavailable) throw new AppError(503, 'brokerUnavailable');
    throw error;
  }
  return { update, message: messages.firmwareUpdated };
}

/** `GET /api/gateway/public/gateway?id&command` (spec 7): one of the three gateway firmwares. */
export async function updateGateway(
  ctx: AppContext,
  actor: Actor,
  query: { id: string; command: GatewayFirmwareCommand; firmwareId?: string | undefined },
) {
  const gateway = await repo.findGateway(ctx.db, allAccounts, query.id);
  if (!gateway) throw notFound();
  const file = await chooseFile(ctx, 'gateway', commandKind[query.command], query.firmwareId);
  return sendUpdate(ctx, actor, { gateway, device: undefined, command: query.command, file });
}

/** A node's firmware, through the gateway it reports to (`node_ota` on that gateway's `down`). */
export async function updateNode(
  ctx: AppContext,
  actor: Actor,
  deviceRowId: string,
  firmwareId: string | undefined,
) {
  const device = await repo.findDevice(ctx.db, deviceRowId);
  if (!device) throw notFound();
  if (!device.gatewayRowId) throw conflict('deviceHasNoGateway');
  const gateway = await repo.findGateway(ctx.db, allAccounts, device.gatewayRowId);
  if (!gateway) throw conflict('deviceHasNoGateway');
  const kind = firmwareId
    ? ((await repo.findFile(ctx.db, firmwareId))?.kind ?? 'loraFw')
    : 'loraFw';
  const file = await chooseFile(ctx, 'node', kind, firmwareId);
  return sendUpdate(ctx, actor, { gateway, device, command: nodeFirmwareCommand, file });
}

/** The file of an update, for the gateway holding its link (and nobody else). */
export async function openDownload(ctx: AppContext, updateId: string, token: string) {
  const gatewayRowId = await verifyFirmwareToken(ctx.links, updateId, token);
  const update = gatewayRowId ? await repo.findUpdate(ctx.db, updateId) : undefined;
  const valid =
    update !== undefined &&
    update.gatewayId === gatewayRowId &&
    update.tokenHash === sha256(token) &&
    update.expiresAt.getTime() > Date.now() &&
    update.status !== 'done' &&
    update.status !== 'failed';
  if (!valid) throw new AppError(403, 'tokenInvalid', 'token');
  const file = await repo.findFile(ctx.db, update.firmwareId);
  if (!file) throw notFound();
  const path = storedFile(ctx.config.dataDir, file.path);
  const info = await stat(path).catch(() => undefined);
  if (!info) throw notFound();
  return { path, size: info.size, filename: safeName(file.filename), sha256: file.sha256 };
}

/** Tells the gateway its configured LoRa frequency again (spec 7: POST, empty body). */
export async function sendLoraFrequency(ctx: AppContext, actor: Actor, scope: Scope, id: string) {
  const gateway = await repo.findGateway(ctx.db, scope, id);
  if (!gateway) throw notFound();
  if (!gateway.loraFreq) throw badRequest('loraFrequencyMissing', 'loraFreq');
  const hub = ctx.ingest;
  try {
    await hub.downlink.send(gateway.gatewayId, {
      command: 'lora_frequency',
      frequency: gateway.loraFreq,
    });
  } catch (error) {
    if (error instanceof DownlinkUnavailable) throw new AppError(503, 'brokerUnavailable');
    throw error;
  }
  await ctx.db.transaction((tx) =>
    audit.record(tx, subjectOf(actor), {
      event: 'gateway',
      action: 'loraFrequency',
      information: `Sent LoRa frequency ${gateway.loraFreq} to gateway ${gateway.gatewayId} (${gateway.name})`,
    }),
  );
  await hub.logs.add({
    gatewayId: gateway.gatewayId,
    accountId: gateway.accountId,
    source: 'platform',
    message: `LoRa frequency ${gateway.loraFreq} sent`,
  });
  return { frequency: gateway.loraFreq };
}

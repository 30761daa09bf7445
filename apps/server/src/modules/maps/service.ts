import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  mapImageLinkMinutes,
  mapImageTypes,
  mapLimits,
  messages,
  type MapItem,
  type MapImageType,
  type PlacedDevice,
  type PlacedLocation,
  mapSaveBody,
} from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import * as audit from '../audit/index.js';
import { assignedToOf, ownAccount, type Scope } from '../../lib/scope.js';
import { storedFile } from '../files/index.js';
import { visibleLocations } from '../locations/index.js';
import { mapsChanged } from './placed.js';
import * as repo from './repo.js';
import type { ReceivedPlan } from './upload.js';

const imageAudience = 'vigil:map-image';
const extensionOf: Record<MapImageType, string> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  svg: 'svg',
};

const imagePath = (accountId: string, mapId: string, type: MapImageType) =>
  join('maps', accountId, `${mapId}.${extensionOf[type]}`);

/** The signed link to a map's image, bound to the map and its account. */
async function imageUrl(ctx: AppContext, row: repo.MapRow, now = new Date()): Promise<string> {
  const token = await ctx.links.sign(
    imageAudience,
    { map: row.id, account: row.accountId },
    new Date(now.getTime() + mapImageLinkMinutes * 60_000),
  );
  return `/api/map/${row.id}/image?token=${encodeURIComponent(token)}`;
}

type Enrichment = {
  devices: Map<string, repo.PlacedDeviceRow>;
  alarms: Map<string, string[]>;
  locations: Map<string, string>;
};

async function enrichment(
  db: Executor,
  accountId: string,
  rows: repo.MapRow[],
  assignedTo: string | undefined,
): Promise<Enrichment> {
  const deviceIds = [
    ...new Set(rows.flatMap((row) => (row.deviceSettings as PlacedDevice[]).map((d) => d.id))),
  ];
  const locationIds = [
    ...new Set(rows.flatMap((row) => (row.locationSettings as PlacedLocation[]).map((l) => l.id))),
  ];
  const [deviceRows, alarmRows, locationRows] = await Promise.all([
    repo.devicesOf(db, accountId, deviceIds, assignedTo),
    repo.openAlarmTypes(db, accountId, deviceIds),
    visibleLocations(db, { accountId, assignedTo }, locationIds),
  ]);
  const alarms = new Map<string, string[]>();
  for (const { deviceId, type } of alarmRows)
    alarms.set(deviceId, [...(alarms.get(deviceId) ?? []), type]);
  return {
    devices: new Map(deviceRows.map((row) => [row.id, row])),
    alarms,
    locations: new Map(locationRows.map((row) => [row.id, row.name])),
  };
}

async function toItem(
  ctx: AppContext,
  row: repo.MapRow,
  found: Enrichment,
  assignedTo: string | undefined,
): Promise<MapItem> {
  const placedDevices = (row.deviceSettings as PlacedDevice[]).flatMap((placed) => {
    const device = found.devices.get(placed.id);
    // A `user` sees only the devices assigned to them; a deleted device shows as removed.
    if (!device && assignedTo !== undefined) return [];
    const alarmTypes = found.alarms.get(placed.id) ?? [];
    return [
      {
        ...placed,
        deviceId: device?.deviceId ?? placed.deviceId,
        name: device?.name ?? placed.name,
        offline: device ? device.status !== 'active' : true,
        alarm: alarmTypes.length > 0,
        alarmTypes,
        removed:
          !device ||
          device.removedFromLocationAt !== null ||
          (placed.locationId !== null && device.locationId !== placed.locationId),
      },
    ];
  });
  return {
    id: row.id,
    title: row.title,
    location: await imageUrl(ctx, row),
    imageMime: row.imageMime,
    imageWidth: row.imageWidth,
    imageHeight: row.imageHeight,
    imageSettings: row.imageSettings as { x: number; y: number },
    locationSettings: (row.locationSettings as PlacedLocation[]).flatMap((placed) => {
      const title = found.locations.get(placed.id);
      // A `user` sees a location only when GET /api/location shows it to them.
      if (title === undefined && assignedTo !== undefined) return [];
      return [{ ...placed, title: title ?? placed.title }];
    }),
    deviceSettings: placedDevices,
    radius: Math.min(row.radius, mapLimits.radiusDefault),
    scale: row.scale,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function itemsOf(ctx: AppContext, scope: Scope, accountId: string, rows: repo.MapRow[]) {
  const assignedTo = assignedToOf(scope);
  const found = await enrichment(ctx.db, accountId, rows, assignedTo);
  return Promise.all(rows.map((row) => toItem(ctx, row, found, assignedTo)));
}

/** The account's maps, oldest first, with every placed device's current state. */
export async function list(ctx: AppContext, scope: Scope): Promise<MapItem[]> {
  const accountId = ownAccount(scope).accountId;
  return itemsOf(ctx, scope, accountId, await repo.listMaps(ctx.db, accountId));
}

async function one(ctx: AppContext, scope: Scope, accountId: string, id: string) {
  const row = await repo.findMap(ctx.db, accountId, id);
  if (!row) throw notFound();
  const [item] = await itemsOf(ctx, scope, accountId, [row]);
  if (!item) throw notFound();
  return item;
}

/** Stores an uploaded plan image (as upload.ts read it: `file` + `title`) and records the map. */
export async function upload(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  plan: ReceivedPlan,
): Promise<{ map: MapItem; message: string }> {
  const accountId = ownAccount(scope).accountId;
  const id = randomUUID();
  const relative = imagePath(accountId, id, plan.type);
  const absolute = storedFile(ctx.config.dataDir, relative);
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(absolute, plan.bytes);
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.insertMap(tx, {
        id,
        accountId,
        title: plan.title,
        imagePath: relative,
        imageMime: mapImageTypes[plan.type].mime,
        imageWidth: plan.width,
        imageHeight: plan.height,
      });
      await audit.record(tx, subjectOf(actor), {
        event: 'map',
        action: 'create',
        information: `Uploaded map "${plan.title}" (${String(plan.width)}x${String(plan.height)} ${plan.type})`,
      });
    });
  } catch (error) {
    await rm(absolute, { force: true });
    throw error;
  }
  return { map: await one(ctx, scope, accountId, id), message: messages.mapSaved };
}

function alreadyPlaced(kind: 'Location' | 'Device', name: string, mapTitle: string): AppError {
  const error = new AppError(
    409,
    'mapAlreadyPlaced',
    kind === 'Location' ? 'location_settings' : 'device_settings',
  );
  error.message = `${kind} "${name}" is ${messages.mapAlreadyPlaced} "${mapTitle}"`;
  return error;
}

type MapSaveBody = z.output<typeof mapSaveBody>;
type PlacedDeviceRow = Awaited<ReturnType<typeof repo.devicesOf>>[number];
type AccountMapRow = Awaited<ReturnType<typeof repo.lockAccountMaps>>[number];

/** A location or device of this save already on another of the account's maps: 409. */
function refusePlacedElsewhere(
  maps: AccountMapRow[],
  mapId: string,
  locations: Map<string, string>,
  devices: Map<string, PlacedDeviceRow>,
) {
  for (const other of maps) {
    if (other.id === mapId) continue;
    for (const placed of other.locationSettings as PlacedLocation[]) {
      const name = locations.get(placed.id);
      if (name !== undefined) throw alreadyPlaced('Location', name, other.title);
    }
    for (const placed of other.deviceSettings as PlacedDevice[]) {
      const device = devices.get(placed.id);
      if (device) throw alreadyPlaced('Device', device.name, other.title);
    }
  }
}

/** The placed items as stored: names, addresses and offline state as the rows have them now. */
function placedSettings(
  body: MapSaveBody,
  locations: Map<string, string>,
  devices: Map<string, PlacedDeviceRow>,
) {
  const locationSettings = body.location_settings.map((placed) => ({
    ...placed,
    title: locations.get(placed.id) ?? placed.title,
  }));
  const deviceSettings = body.device_settings.map((placed) => {
    const device = devices.get(placed.id);
    return {
      ...placed,
      deviceId: device?.deviceId ?? placed.deviceId,
      name: device?.name ?? placed.name,
      offline: device ? device.status !== 'active' : placed.offline,
    };
  });
  return { locationSettings, deviceSettings };
}

/**
 * Saves where the map's locations and devices sit, its image offset, radius and scale. Every
 * placed location and device must be the account's and on no other map (checked with the
 * account's maps locked, so two saves cannot place one device twice).
 */
export async function save(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: MapSaveBody,
): Promise<MapItem> {
  const accountId = ownAccount(scope).accountId;
  const locationIds = body.location_settings.map((placed) => placed.id);
  const deviceIds = body.device_settings.map((placed) => placed.id);
  if (new Set(locationIds).size !== locationIds.length)
    throw badRequest('mapPlacedTwice', 'location_settings');
  if (new Set(deviceIds).size !== deviceIds.length)
    throw badRequest('mapPlacedTwice', 'device_settings');
  await ctx.db.transaction(async (tx) => {
    const all = await repo.lockAccountMaps(tx, accountId);
    const map = all.find((row) => row.id === body.id);
    if (!map) throw notFound();
    const [deviceRows, locationRows] = await Promise.all([
      repo.devicesOf(tx, accountId, deviceIds),
      visibleLocations(tx, { accountId }, locationIds),
    ]);
    const devices = new Map(deviceRows.map((row) => [row.id, row]));
    const locations = new Map(locationRows.map((row) => [row.id, row.name]));
    if (locationIds.some((id) => !locations.has(id)))
      throw badRequest('mapLocationUnknown', 'location_settings');
    if (deviceIds.some((id) => !devices.has(id)))
      throw badRequest('mapDeviceUnknown', 'device_settings');
    refusePlacedElsewhere(all, body.id, locations, devices);
    const { locationSettings, deviceSettings } = placedSettings(body, locations, devices);
    await repo.updateSettings(tx, accountId, body.id, {
      imageSettings: body.image_settings,
      locationSettings,
      deviceSettings,
      radius: body.radius,
      scale: body.scale,
    });
    await audit.record(tx, subjectOf(actor), {
      event: 'map',
      action: 'update',
      information: `Saved map "${map.title}": ${String(locationSettings.length)} locations, ${String(deviceSettings.length)} devices, radius ${String(body.radius)}, scale ${String(body.scale)}`,
    });
  });
  mapsChanged(ctx);
  return one(ctx, scope, accountId, body.id);
}

export async function remove(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<void> {
  const accountId = ownAccount(scope).accountId;
  const path = await ctx.db.transaction(async (tx) => {
    const map = await repo.findMap(tx, accountId, id);
    if (!map) throw notFound();
    await repo.deleteMap(tx, accountId, id);
    await audit.record(tx, subjectOf(actor), {
      event: 'map',
      action: 'delete',
      information: `Deleted map "${map.title}"`,
    });
    return map.imagePath;
  });
  mapsChanged(ctx);
  await rm(storedFile(ctx.config.dataDir, path), { force: true });
}

export type MapImage = { path: string; size: number; contentType: string };

/** A map's image, for the holder of a valid link (see `imageUrl`). */
export async function openImage(ctx: AppContext, id: string, token: string): Promise<MapImage> {
  const claims = await ctx.links.verify(imageAudience, token);
  if (claims?.map !== id || typeof claims.account !== 'string')
    throw new AppError(403, 'tokenInvalid', 'token');
  const row = await repo.findMap(ctx.db, claims.account, id);
  if (!row) throw notFound();
  const path = storedFile(ctx.config.dataDir, row.imagePath);
  const info = await stat(path).catch(() => undefined);
  if (!info) throw notFound();
  return { path, size: info.size, contentType: row.imageMime };
}

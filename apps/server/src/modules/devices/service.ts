import type {
  Device,
  deviceBody,
  deviceGlobalQuery,
  deviceListQuery,
  deviceUpdateBody,
} from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import * as audit from '../audit/index.js';
import { allAccounts, ownAccount, ownListAccount, type Scope } from '../../lib/scope.js';
import { requireUnlocked } from '../auth/index.js';
import { findGateway } from '../gateways/index.js';
import { findLocation } from '../locations/index.js';
import { csvHeaders, toCsv } from '../../lib/list-csv.js';
import { queueReadingsPurge } from '../readings/index.js';
import * as repo from './repo.js';
import { pagination } from '../../lib/pagination.js';
import { deviceCsvColumns, toDevice } from './view.js';

type DeviceInput = z.output<typeof deviceBody>;
type DeviceUpdate = z.output<typeof deviceUpdateBody>;

/** A device of the caller's account (assigned to them, for a `user`); anything else is 404. */
export async function visibleDevice(db: Executor, scope: Scope, id: string) {
  const own = ownAccount(scope);
  const row = await repo.findDevice(db, own.accountId, id, own.assignedTo ?? undefined);
  if (!row) throw notFound();
  return row;
}

/** Devices as the caller may see them; a `user` sees no other user among `deviceUsers`. */
async function toDevices(db: Executor, scope: Scope, rows: repo.DeviceRow[]): Promise<Device[]> {
  const assigned = await repo.usersOfDevices(
    db,
    rows.map((row) => row.id),
  );
  const assignedTo = scope.kind === 'account' ? scope.assignedTo : null;
  const shown = assignedTo === null ? assigned : assigned.filter((user) => user.id === assignedTo);
  const open = await repo.openAlarmTypes(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toDevice(row, shown, open));
}

export async function deviceView(db: Executor, scope: Scope, id: string): Promise<Device> {
  const [device] = await toDevices(db, scope, [await visibleDevice(db, scope, id)]);
  if (!device) throw notFound();
  return device;
}

/** The devices list of user `id` (the caller): the account's, or a `user`'s assigned ones. */
export async function list(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  query: z.output<typeof deviceListQuery>,
) {
  const own = ownListAccount(scope, actor.userId, id);
  const { rows, total } = await repo.listDevices(
    ctx.db,
    own,
    {
      assignedTo: own.assignedTo ?? undefined,
      locationId: query.locationId,
      inLocation: query.location === undefined ? undefined : query.location === 'true',
      search: query.search,
    },
    query.page,
    query.pageSize,
  );
  return {
    list: await toDevices(ctx.db, scope, rows),
    meta: { pagination: pagination(query.page, query.pageSize, total) },
  };
}

/** Every account's devices, for the platform administrator. */
export async function globalList(ctx: AppContext, query: z.output<typeof deviceGlobalQuery>) {
  const { rows, total } = await repo.listDevices(
    ctx.db,
    allAccounts,
    { search: query.search },
    query.page,
    query.pageSize,
  );
  return {
    list: await toDevices(ctx.db, allAccounts, rows),
    meta: { pagination: pagination(query.page, query.pageSize, total) },
  };
}

/** deviceList.csv: the whole list the actor may see, as the devices page shows it. */
export async function csv(ctx: AppContext, scope: Scope) {
  const own = ownAccount(scope);
  const rows = await repo.allDevices(ctx.db, own, { assignedTo: own.assignedTo ?? undefined });
  return { headers: csvHeaders('deviceList.csv'), body: toCsv(deviceCsvColumns, rows) };
}

type Links = { gateway: string | null; location: string | null };

/** The gateway and location a device names must be its account's own (else 404 on the field). */
async function linkedNames(
  tx: Executor,
  accountId: string,
  gatewayId: string | null,
  locationId: string | null,
): Promise<Links> {
  const gateway = gatewayId ? await findGateway(tx, accountId, gatewayId) : null;
  if (gatewayId && !gateway) throw new AppError(404, 'notFound', 'gatewayId');
  const location = locationId ? await findLocation(tx, accountId, locationId) : null;
  if (locationId && !location) throw new AppError(404, 'notFound', 'locationId');
  return { gateway: gateway?.name ?? null, location: location?.name ?? null };
}

type Settings = {
  equipmentStatus: boolean;
  offlineAlarmEnable: boolean;
  spillSensor: boolean;
  invertWaterSignal: boolean;
};

/**
 * Spec platform 4: inactive equipment has no offline alerts, and the water signal can be
 * inverted only on a spill sensor. Applied to the whole resulting device, so that a
 * partial edit cannot leave a combination the form would not allow.
 */
export function settle<T extends Settings>(device: T): T {
  return {
    ...device,
    offlineAlarmEnable: device.equipmentStatus && device.offlineAlarmEnable,
    invertWaterSignal: device.spillSensor && device.invertWaterSignal,
  };
}

export async function create(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: DeviceInput,
): Promise<Device> {
  const { accountId } = ownAccount(scope);
  const id = await ctx.db.transaction(async (tx) => {
    const links = await linkedNames(tx, accountId, body.gatewayId, body.locationId);
    const values = settle({
      accountId,
      deviceId: body.deviceId,
      name: body.deviceName,
      gatewayId: body.gatewayId,
      locationId: body.locationId,
      equipmentType: body.equipmentType,
      equipmentStatus: body.equipmentStatus === 1,
      offlineAlarmEnable: body.offlineAlarmEnable === 1,
      offlineAlarmFrequency: body.offlineAlarmFrequency,
      ttl: body.ttl,
      spillSensor: body.spillSensor === 1,
      invertWaterSignal: body.invertWaterSignal === 1,
      timezone: body.timezone,
    });
    const created = await repo.insertDevice(tx, values);
    if (!created) throw conflict('deviceIdTaken', 'deviceId');
    await audit.record(tx, subjectOf(actor), {
      event: 'device',
      action: 'create',
      information: `Added device ${values.deviceId} (${values.name}), ${values.equipmentType}, gateway ${links.gateway ?? 'none'}, location ${links.location ?? 'none'}, offline alerts ${values.offlineAlarmEnable ? 'on' : 'off'}`,
    });
    return created;
  });
  return deviceView(ctx.db, scope, id);
}

const fieldLabels = {
  deviceId: 'device ID',
  name: 'name',
  gatewayName: 'gateway',
  locationName: 'location',
  equipmentType: 'equipment type',
  equipmentStatus: 'equipment active',
  offlineAlarmEnable: 'offline alerts',
  offlineAlarmFrequency: 'offline alert frequency',
  ttl: 'first offline alert after (min)',
  spillSensor: 'spill sensor',
  invertWaterSignal: 'inverted water signal',
  timezone: 'timezone',
} as const satisfies Partial<Record<keyof repo.DeviceRow, string>>;

function describeChanges(before: repo.DeviceRow, after: repo.DeviceRow): string {
  const keys = Object.keys(fieldLabels) as (keyof typeof fieldLabels)[];
  const shown = (value: repo.DeviceRow[keyof typeof fieldLabels]) =>
    value === null ? 'none' : String(value);
  return keys
    .filter((key) => before[key] !== after[key])
    .map((key) => `${fieldLabels[key]}: "${shown(before[key])}" -> "${shown(after[key])}"`)
    .join(', ');
}

/** The device after an edit: the body's fields over the current ones, then the rules. */
function merge(current: repo.DeviceRow, body: DeviceUpdate): repo.DeviceRow {
  const pick = <T>(value: T | undefined, fallback: T) => (value === undefined ? fallback : value);
  const bool = (value: 0 | 1 | undefined, fallback: boolean) =>
    value === undefined ? fallback : value === 1;
  return settle({
    ...current,
    deviceId: pick(body.deviceId, current.deviceId),
    name: pick(body.deviceName, current.name),
    gatewayId: pick(body.gatewayId, current.gatewayId),
    locationId: pick(body.locationId, current.locationId),
    equipmentType: pick(body.equipmentType, current.equipmentType),
    equipmentStatus: bool(body.equipmentStatus, current.equipmentStatus),
    offlineAlarmEnable: bool(body.offlineAlarmEnable, current.offlineAlarmEnable),
    offlineAlarmFrequency: pick(body.offlineAlarmFrequency, current.offlineAlarmFrequency),
    ttl: pick(body.ttl, current.ttl),
    spillSensor: bool(body.spillSensor, current.spillSensor),
    invertWaterSignal: bool(body.invertWaterSignal, current.invertWaterSignal),
    timezone: pick(body.timezone, current.timezone),
  });
}

/**
 * Leaving a location without entering another marks the device "removed from location"
 * (the map shows it needs relocating); entering a location clears the mark.
 */
export function relocation(before: string | null, after: string | null, now: Date) {
  if (before === after) return {};
  return { locationId: after, removedFromLocationAt: after === null ? now : null };
}

async function applyUpdate(
  ctx: AppContext,
  tx: Tx,
  actor: Actor,
  current: repo.DeviceRow,
  body: DeviceUpdate,
): Promise<void> {
  const accountId = current.accountId;
  const next = merge(current, body);
  if (next.deviceId !== current.deviceId) {
    await requireUnlocked(ctx, actor, body.unlockToken);
    if (await repo.deviceIdTaken(tx, next.deviceId, current.id))
      throw conflict('deviceIdTaken', 'deviceId');
  }
  const links = await linkedNames(tx, accountId, next.gatewayId, next.locationId);
  const after = { ...next, gatewayName: links.gateway, locationName: links.location };
  const updated = await repo.updateDevice(tx, accountId, current.id, {
    deviceId: next.deviceId,
    name: next.name,
    gatewayId: next.gatewayId,
    equipmentType: next.equipmentType,
    equipmentStatus: next.equipmentStatus,
    offlineAlarmEnable: next.offlineAlarmEnable,
    offlineAlarmFrequency: next.offlineAlarmFrequency,
    ttl: next.ttl,
    spillSensor: next.spillSensor,
    invertWaterSignal: next.invertWaterSignal,
    timezone: next.timezone,
    ...relocation(current.locationId, next.locationId, new Date()),
  });
  if (!updated) throw conflict('deviceIdTaken', 'deviceId');
  const changes = describeChanges(current, after);
  await audit.record(tx, subjectOf(actor), {
    event: 'device',
    action: 'update',
    information: `Updated device ${current.deviceId} (${current.name})${changes ? `: ${changes}` : ' (no changes)'}`,
  });
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  body: DeviceUpdate,
): Promise<Device> {
  const { accountId } = ownAccount(scope);
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findDevice(tx, accountId, id);
    if (!current) throw notFound();
    await applyUpdate(ctx, tx, actor, current, body);
  });
  // The spill sensor's invert-signal flag is part of how its water alarms are judged.
  ctx.alarms.definitions.invalidate();
  return deviceView(ctx.db, scope, id);
}

/**
 * Deletes a device; its readings (no foreign key, possibly millions) go in a job, which runs again
 * later for readings that ingest processes still holding the device stored meanwhile (this
 * process forgets it at once).
 */
export async function remove(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<void> {
  const { accountId } = ownAccount(scope);
  const deviceKey = await ctx.db.transaction(async (tx) => {
    const current = await repo.findDevice(tx, accountId, id);
    if (!current) throw notFound();
    await repo.deleteDevice(tx, accountId, id);
    await queueReadingsPurge(tx, id);
    await audit.record(tx, subjectOf(actor), {
      event: 'device',
      action: 'delete',
      information: `Deleted device ${current.deviceId} (${current.name}) and its readings`,
    });
    return current.deviceId;
  });
  ctx.ingest.directory.forgetDevice(deviceKey);
  ctx.jobsEnqueued();
}

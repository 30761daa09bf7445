import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assignedTo } from '../../db/assignments.js';
import { accountCondition, isUniqueViolation, likePattern, queryRows } from '../../db/query.js';
import type { AccountScope, Scope } from '../../lib/scope.js';
import {
  accounts,
  alarmEvents,
  devices,
  deviceUsers,
  gateways,
  locations,
  users,
} from '../../db/schema/index.js';

type NewDevice = typeof devices.$inferInsert;

/** An ILIKE pattern that matches `search` literally anywhere in a value. */

const deviceColumns = {
  id: devices.id,
  accountId: devices.accountId,
  deviceId: devices.deviceId,
  name: devices.name,
  gatewayId: devices.gatewayId,
  gatewayName: gateways.name,
  gatewayHardwareId: gateways.gatewayId,
  locationId: devices.locationId,
  locationName: locations.name,
  equipmentType: devices.equipmentType,
  equipmentStatus: devices.equipmentStatus,
  offlineAlarmEnable: devices.offlineAlarmEnable,
  offlineAlarmFrequency: devices.offlineAlarmFrequency,
  ttl: devices.ttl,
  spillSensor: devices.spillSensor,
  invertWaterSignal: devices.invertWaterSignal,
  timezone: devices.timezone,
  status: devices.status,
  nodeType: devices.nodeType,
  lastSeenAt: devices.lastSeenAt,
  latestData: devices.latestData,
  removedFromLocationAt: devices.removedFromLocationAt,
  fvLastVersion: devices.fvLastVersion,
  fvNewVersion: devices.fvNewVersion,
  companyName: accounts.companyName,
  accountEmail: accounts.email,
  createdAt: devices.createdAt,
};

export type DeviceRow = {
  id: string;
  accountId: string;
  deviceId: string;
  name: string;
  gatewayId: string | null;
  gatewayName: string | null;
  gatewayHardwareId: string | null;
  locationId: string | null;
  locationName: string | null;
  equipmentType: string;
  equipmentStatus: boolean;
  offlineAlarmEnable: boolean;
  offlineAlarmFrequency: number;
  ttl: number;
  spillSensor: boolean;
  invertWaterSignal: boolean;
  timezone: string;
  status: 'active' | 'inactive';
  nodeType: number | null;
  lastSeenAt: Date | null;
  latestData: unknown;
  removedFromLocationAt: Date | null;
  fvLastVersion: string | null;
  fvNewVersion: string | null;
  companyName: string;
  accountEmail: string;
  createdAt: Date;
};

export type DeviceFilter = {
  /** Only devices assigned to this user (what a `user` sees). */
  assignedTo?: string;
  locationId?: string;
  /** true: only devices in a location; false: only devices in none. */
  inLocation?: boolean;
  search?: string;
};

function listConditions(scope: AccountScope, filter: DeviceFilter): SQL | undefined {
  const pattern = filter.search ? likePattern(filter.search) : undefined;
  return and(
    accountCondition(devices.accountId, scope),
    filter.assignedTo === undefined ? undefined : assignedTo(filter.assignedTo),
    filter.locationId === undefined ? undefined : eq(devices.locationId, filter.locationId),
    filter.inLocation === undefined
      ? undefined
      : filter.inLocation
        ? isNotNull(devices.locationId)
        : isNull(devices.locationId),
    pattern === undefined
      ? undefined
      : or(
          ilike(devices.deviceId, pattern),
          ilike(devices.name, pattern),
          ilike(accounts.companyName, pattern),
        ),
  );
}

const selectDevices = (db: Executor) =>
  db
    .select(deviceColumns)
    .from(devices)
    .innerJoin(accounts, eq(accounts.id, devices.accountId))
    .leftJoin(gateways, eq(gateways.id, devices.gatewayId))
    .leftJoin(locations, eq(locations.id, devices.locationId));

export async function listDevices(
  db: Executor,
  scope: AccountScope,
  filter: DeviceFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: DeviceRow[]; total: number }> {
  const where = listConditions(scope, filter);
  const rows = await selectDevices(db)
    .where(where)
    .orderBy(desc(devices.createdAt), devices.id)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(devices)
    .innerJoin(accounts, eq(accounts.id, devices.accountId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every device of the filter, newest first (the CSV download). */
export function allDevices(
  db: Executor,
  scope: AccountScope,
  filter: DeviceFilter,
): Promise<DeviceRow[]> {
  return selectDevices(db)
    .where(listConditions(scope, filter))
    .orderBy(desc(devices.createdAt), devices.id);
}

/** A device of `accountId` (and, with `assignedTo`, assigned to that user); else undefined. */
export async function findDevice(
  db: Executor,
  accountId: string,
  id: string,
  assignedToUser?: string,
): Promise<DeviceRow | undefined> {
  const [row] = await selectDevices(db).where(
    and(
      eq(devices.id, id),
      eq(devices.accountId, accountId),
      assignedToUser === undefined ? undefined : assignedTo(assignedToUser),
    ),
  );
  return row;
}

export async function deviceIdTaken(
  db: Executor,
  deviceId: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.deviceId, deviceId),
        exceptId === undefined ? undefined : sql`${devices.id} <> ${exceptId}`,
      ),
    );
  return row !== undefined;
}

/** Inserts a device; undefined when its hardware id is already registered (unique index). */
export async function insertDevice(db: Executor, values: NewDevice): Promise<string | undefined> {
  const [row] = await db
    .insert(devices)
    .values(values)
    .onConflictDoNothing({ target: devices.deviceId })
    .returning({ id: devices.id });
  return row?.id;
}

export type DeviceChanges = Partial<
  Pick<
    NewDevice,
    | 'deviceId'
    | 'name'
    | 'gatewayId'
    | 'locationId'
    | 'equipmentType'
    | 'equipmentStatus'
    | 'offlineAlarmEnable'
    | 'offlineAlarmFrequency'
    | 'ttl'
    | 'spillSensor'
    | 'invertWaterSignal'
    | 'timezone'
    | 'removedFromLocationAt'
  >
>;

/** True for a unique index violation (PostgreSQL 23505), however the driver wraps it. */

/**
 * Updates a device; false when its new hardware id was registered meanwhile (the unique
 * index decides a race the service's check cannot see). The caller's transaction is then
 * unusable and must be rolled back.
 */
export async function updateDevice(
  db: Executor,
  accountId: string,
  id: string,
  values: DeviceChanges,
): Promise<boolean> {
  try {
    await db
      .update(devices)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(devices.id, id), eq(devices.accountId, accountId)));
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function deleteDevice(db: Executor, accountId: string, id: string): Promise<void> {
  await db.delete(devices).where(and(eq(devices.id, id), eq(devices.accountId, accountId)));
}

export type DeviceUserRow = { deviceId: string; id: string; name: string; email: string };

/** The users assigned to each of these devices, by name. */
export function usersOfDevices(db: Executor, deviceIds: string[]): Promise<DeviceUserRow[]> {
  if (deviceIds.length === 0) return Promise.resolve([]);
  return queryRows<DeviceUserRow>(
    db,
    sql`select du.device_id as "deviceId", u.id, u.name, u.email
      from ${deviceUsers} du join ${users} u on u.id = du.user_id
      where du.device_id = any(${sql.param(deviceIds)}::uuid[])
      order by u.name, u.id`,
  );
}

export type OpenAlarmRow = { deviceId: string; type: string };

/** The types of the devices' open (still out of range) alarm events, for `lastAlarms`. */
export function openAlarmTypes(db: Executor, deviceIds: string[]): Promise<OpenAlarmRow[]> {
  if (deviceIds.length === 0) return Promise.resolve([]);
  return queryRows<OpenAlarmRow>(
    db,
    sql`select distinct e.device_id as "deviceId", e.type
      from ${alarmEvents} e
      where e.device_id = any(${sql.param(deviceIds)}::uuid[]) and e.cleared_at is null`,
  );
}

/** Assigns a user to a device; false when they already were. */
export async function assignUser(db: Executor, deviceId: string, userId: string) {
  const rows = await db
    .insert(deviceUsers)
    .values({ deviceId, userId })
    .onConflictDoNothing()
    .returning({ deviceId: deviceUsers.deviceId });
  return rows.length === 1;
}

/** Takes a user off a device; false when they were not assigned. */
export async function unassignUser(db: Executor, deviceId: string, userId: string) {
  const rows = await db
    .delete(deviceUsers)
    .where(and(eq(deviceUsers.deviceId, deviceId), eq(deviceUsers.userId, userId)))
    .returning({ deviceId: deviceUsers.deviceId });
  return rows.length === 1;
}

/** Connected counts: every device of the scope, those online, and active equipment offline. */
export async function deviceCounts(
  db: Executor,
  scope: Scope,
): Promise<{ total: number; connected: number; online: number; offline: number }> {
  // Connected: reported at least once. Inactive equipment is expected to be silent; it does not
  // count as offline.
  const [row] = await db
    .select({
      total: count(),
      connected: sql<number>`count(*) filter (where ${devices.lastSeenAt} is not null)::int`,
      online: sql<number>`count(*) filter (where ${devices.status} = 'active' and ${devices.lastSeenAt} is not null)::int`,
      offline: sql<number>`count(*) filter (where ${devices.status} <> 'active' and ${devices.equipmentStatus} and ${devices.lastSeenAt} is not null)::int`,
    })
    .from(devices)
    .where(
      and(
        accountCondition(devices.accountId, scope),
        scope.kind === 'platform' || scope.assignedTo === null
          ? undefined
          : assignedTo(scope.assignedTo),
      ),
    );
  return {
    total: row?.total ?? 0,
    connected: row?.connected ?? 0,
    online: row?.online ?? 0,
    offline: row?.offline ?? 0,
  };
}

import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { PlacedDevice, PlacedLocation } from '@vigil/contracts';
import type { Executor } from '../../db/client.js';
import { alarmEvents, deviceUsers, devices, maps } from '../../db/schema/index.js';

export type MapRow = typeof maps.$inferSelect;

export function listMaps(db: Executor, accountId: string): Promise<MapRow[]> {
  return db
    .select()
    .from(maps)
    .where(eq(maps.accountId, accountId))
    .orderBy(asc(maps.createdAt), asc(maps.id));
}

export async function findMap(
  db: Executor,
  accountId: string,
  id: string,
): Promise<MapRow | undefined> {
  const [row] = await db
    .select()
    .from(maps)
    .where(and(eq(maps.accountId, accountId), eq(maps.id, id)));
  return row;
}

/** Every map of the account, locked for the placement check (a save at a time per account). */
export function lockAccountMaps(tx: Executor, accountId: string) {
  return tx
    .select({
      id: maps.id,
      title: maps.title,
      locationSettings: maps.locationSettings,
      deviceSettings: maps.deviceSettings,
    })
    .from(maps)
    .where(eq(maps.accountId, accountId))
    .for('update');
}

export async function insertMap(
  tx: Executor,
  values: {
    id: string;
    accountId: string;
    title: string;
    imagePath: string;
    imageMime: string;
    imageWidth: number;
    imageHeight: number;
  },
): Promise<void> {
  await tx.insert(maps).values(values);
}

export async function updateSettings(
  tx: Executor,
  accountId: string,
  id: string,
  settings: {
    imageSettings: { x: number; y: number };
    locationSettings: PlacedLocation[];
    deviceSettings: PlacedDevice[];
    radius: number;
    scale: number;
  },
): Promise<void> {
  await tx
    .update(maps)
    .set({ ...settings, updatedAt: new Date() })
    .where(and(eq(maps.accountId, accountId), eq(maps.id, id)));
}

export async function deleteMap(tx: Executor, accountId: string, id: string): Promise<void> {
  await tx.delete(maps).where(and(eq(maps.accountId, accountId), eq(maps.id, id)));
}

export type PlacedDeviceRow = {
  id: string;
  deviceId: string;
  name: string;
  status: 'active' | 'inactive';
  locationId: string | null;
  removedFromLocationAt: Date | null;
};

/** The account's devices among `ids`; for a `user` (assignedTo) only those assigned to them. */
export function devicesOf(
  db: Executor,
  accountId: string,
  ids: string[],
  assignedTo?: string,
): Promise<PlacedDeviceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: devices.id,
      deviceId: devices.deviceId,
      name: devices.name,
      status: devices.status,
      locationId: devices.locationId,
      removedFromLocationAt: devices.removedFromLocationAt,
    })
    .from(devices)
    .where(
      and(
        eq(devices.accountId, accountId),
        inArray(devices.id, ids),
        assignedTo === undefined
          ? undefined
          : sql`exists (select 1 from ${deviceUsers} where ${deviceUsers.deviceId} = ${devices.id} and ${deviceUsers.userId} = ${assignedTo})`,
      ),
    );
}

/** The open alarm types (offline excluded) of the account's devices among `ids`. */
export function openAlarmTypes(
  db: Executor,
  accountId: string,
  ids: string[],
): Promise<{ deviceId: string; type: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectDistinct({ deviceId: alarmEvents.deviceId, type: alarmEvents.type })
    .from(alarmEvents)
    .innerJoin(devices, eq(devices.id, alarmEvents.deviceId))
    .where(
      and(
        eq(devices.accountId, accountId),
        inArray(alarmEvents.deviceId, ids),
        isNull(alarmEvents.clearedAt),
        ne(alarmEvents.type, 'offline'),
      ),
    )
    .orderBy(asc(alarmEvents.type));
}

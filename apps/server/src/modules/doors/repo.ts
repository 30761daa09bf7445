import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { devices, doorEvents, locations } from '../../db/schema/index.js';
import { assignedTo } from '../../db/assignments.js';
import type { LatestDoorEvent } from './transitions.js';

export type NewOpening = {
  accountId: string;
  deviceId: string;
  openedAt: Date;
  closedAt: Date | null;
  usr: string | null;
};

/** The most recent door event of each device (by opening time), by device id. */
export async function latestEvents(
  db: Executor,
  deviceIds: string[],
): Promise<Map<string, LatestDoorEvent>> {
  const rows = await queryRows<{
    id: string;
    device_id: string;
    opened_at: Date | string;
    closed_at: Date | string | null;
  }>(
    db,
    sql`select distinct on (device_id) id, device_id, opened_at, closed_at
      from ${doorEvents}
      where device_id = any(${sql.param(deviceIds)}::uuid[])
      order by device_id, opened_at desc`,
  );
  return new Map(
    rows.map((row) => [
      row.device_id,
      {
        id: row.id,
        openedAt: new Date(row.opened_at).getTime(),
        closedAt: row.closed_at === null ? null : new Date(row.closed_at).getTime(),
      },
    ]),
  );
}

/**
 * Inserts openings; one still open where the device already has an open door (another ingest
 * process got there first) is skipped. Returns the ids inserted.
 */
export async function insertOpenings(db: Executor, openings: NewOpening[]): Promise<string[]> {
  if (openings.length === 0) return [];
  const rows = await db
    .insert(doorEvents)
    .values(openings)
    .onConflictDoNothing({ target: doorEvents.deviceId, where: sql`closed_at is null` })
    .returning({ id: doorEvents.id });
  return rows.map((row) => row.id);
}

/** Closes open events; one already closed stays as it was. Returns the ids closed. */
export async function closeOpenings(
  db: Executor,
  closes: { id: string; closedAt: Date }[],
): Promise<string[]> {
  if (closes.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update ${doorEvents} as e set closed_at = c.closed_at
      from unnest(${sql.param(closes.map((close) => close.id))}::uuid[],
        ${sql.param(closes.map((close) => close.closedAt.toISOString()))}::timestamptz[])
        as c(id, closed_at)
      where e.id = c.id and e.closed_at is null
      returning e.id`,
  );
  return rows.map((row) => row.id);
}

export type DoorOpeningRow = {
  id: string;
  accountId: string;
  deviceDbId: string;
  deviceId: string;
  deviceName: string;
  location: string | null;
  user: string | null;
  openedAt: Date;
  closedAt: Date | null;
  createdAt: Date;
};

/** The lock's user code, shown as the name of the account's person linked to it when there is one. */
const userName = sql<string | null>`coalesce((select u.name from users u
  where u.account_id = ${doorEvents.accountId} and ${doorEvents.usr} <> '' and u.usr = ${doorEvents.usr}
  order by u.created_at limit 1), ${doorEvents.usr})`;

const rowColumns = {
  id: doorEvents.id,
  accountId: doorEvents.accountId,
  deviceDbId: doorEvents.deviceId,
  deviceId: devices.deviceId,
  deviceName: devices.name,
  location: locations.name,
  user: userName,
  openedAt: doorEvents.openedAt,
  closedAt: doorEvents.closedAt,
  createdAt: doorEvents.createdAt,
};

function openingsQuery(db: Executor, where: SQL | undefined) {
  return db
    .select(rowColumns)
    .from(doorEvents)
    .innerJoin(devices, eq(devices.id, doorEvents.deviceId))
    .leftJoin(locations, eq(locations.id, devices.locationId))
    .where(where);
}

/** Door events by id, with their device and location (for the live event). */
export function findOpenings(db: Executor, ids: string[]): Promise<DoorOpeningRow[]> {
  return openingsQuery(db, sql`${doorEvents.id} = any(${sql.param(ids)}::uuid[])`);
}

export type DoorScope = {
  accountId: string;
  /** A `user` sees only the doors of devices assigned to them. */
  assignedTo?: string;
};

/** An account's door openings, newest first. */
export async function listOpenings(
  db: Executor,
  scope: DoorScope,
  page: number,
  pageSize: number,
): Promise<{ rows: DoorOpeningRow[]; total: number }> {
  const where = and(
    eq(doorEvents.accountId, scope.accountId),
    eq(devices.accountId, scope.accountId),
    scope.assignedTo === undefined ? undefined : assignedTo(scope.assignedTo),
  );
  const rows = await openingsQuery(db, where)
    .orderBy(desc(doorEvents.openedAt), desc(doorEvents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(doorEvents)
    .innerJoin(devices, eq(devices.id, doorEvents.deviceId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

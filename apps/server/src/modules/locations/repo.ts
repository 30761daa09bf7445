import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { devices, locations } from '../../db/schema/index.js';
import { assignedTo } from '../../db/assignments.js';

export type LocationRow = { id: string; name: string; deviceCount: number; createdAt: Date };

export type LocationScope = {
  accountId: string;
  /** A `user` sees only locations holding devices assigned to them, and counts only those. */
  assignedTo?: string;
};

const devicesHere = (scope: LocationScope): SQL =>
  and(
    eq(devices.locationId, locations.id),
    scope.assignedTo === undefined ? undefined : assignedTo(scope.assignedTo),
  ) ?? sql`true`;

function locationColumns(scope: LocationScope) {
  return {
    id: locations.id,
    name: locations.name,
    deviceCount: sql<number>`(select count(*) from ${devices} where ${devicesHere(scope)})::int`,
    createdAt: locations.createdAt,
  };
}

function scopeConditions(scope: LocationScope): SQL | undefined {
  return and(
    eq(locations.accountId, scope.accountId),
    scope.assignedTo === undefined
      ? undefined
      : sql`exists (select 1 from ${devices} where ${devicesHere(scope)})`,
  );
}

/** Locations by name; `page` undefined = all of them (the dashboard asks with page 0). */
export async function listLocations(
  db: Executor,
  scope: LocationScope,
  page: number | undefined,
  pageSize: number,
): Promise<{ rows: LocationRow[]; total: number }> {
  const where = scopeConditions(scope);
  const query = db
    .select(locationColumns(scope))
    .from(locations)
    .where(where)
    .orderBy(asc(locations.name), locations.id);
  const rows =
    page === undefined ? await query : await query.limit(pageSize).offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(locations).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The locations among `ids` the scope may see, by the same rule as the list (the map shows a
 * `user` exactly the locations GET /api/location shows them).
 */
export function visibleLocations(
  db: Executor,
  scope: LocationScope,
  ids: string[],
): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(scopeConditions(scope), inArray(locations.id, ids)));
}

export async function findLocation(
  db: Executor,
  accountId: string,
  id: string,
): Promise<LocationRow | undefined> {
  const [row] = await db
    .select(locationColumns({ accountId }))
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.accountId, accountId)));
  return row;
}

export async function insertLocation(db: Executor, accountId: string, name: string) {
  const [row] = await db
    .insert(locations)
    .values({ accountId, name })
    .returning({ id: locations.id });
  if (!row) throw new Error('location insert returned nothing');
  return row.id;
}

export async function renameLocation(db: Executor, accountId: string, id: string, name: string) {
  await db
    .update(locations)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(locations.id, id), eq(locations.accountId, accountId)));
}

/** Takes every device out of a location, marking it for relocation; returns how many. */
export async function releaseDevices(
  db: Executor,
  accountId: string,
  id: string,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(devices)
    .set({ locationId: null, removedFromLocationAt: at, updatedAt: at })
    .where(and(eq(devices.locationId, id), eq(devices.accountId, accountId)))
    .returning({ id: devices.id });
  return rows.length;
}

export async function deleteLocation(db: Executor, accountId: string, id: string) {
  await db.delete(locations).where(and(eq(locations.id, id), eq(locations.accountId, accountId)));
}

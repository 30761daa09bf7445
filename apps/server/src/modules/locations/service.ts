import type { Location, locationListQuery } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import * as audit from '../audit/index.js';
import { pagination } from '../../lib/pagination.js';
import { assignedToOf, ownAccount, ownListAccount, type Scope } from '../../lib/scope.js';
import * as repo from './repo.js';

function toLocation(row: repo.LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    deviceCount: row.deviceCount,
    createdAt: row.createdAt.toISOString(),
  };
}

async function ownLocation(db: Executor, accountId: string, id: string) {
  const row = await repo.findLocation(db, accountId, id);
  if (!row) throw notFound();
  return row;
}

/**
 * The locations of user `id` (the caller), by name. Page 0 is the dashboard's "all of them";
 * a `user` sees only locations holding devices assigned to them.
 */
export async function list(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  query: z.output<typeof locationListQuery>,
) {
  const accountId = ownListAccount(scope, actor.userId, id).accountId;
  const all = query.page === 0;
  const { rows, total } = await repo.listLocations(
    ctx.db,
    { accountId, assignedTo: assignedToOf(scope) },
    all ? undefined : query.page,
    query.pageSize,
  );
  return {
    list: rows.map(toLocation),
    meta: {
      pagination: all
        ? { page: 0, pageSize: total, total, totalPages: 1, currentPage: 0 }
        : pagination(query.page, query.pageSize, total),
    },
  };
}

export async function create(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  name: string,
): Promise<Location> {
  const accountId = ownAccount(scope).accountId;
  const id = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertLocation(tx, accountId, name);
    await audit.record(tx, subjectOf(actor), {
      event: 'location',
      action: 'create',
      information: `Added location "${name}"`,
    });
    return created;
  });
  return toLocation(await ownLocation(ctx.db, accountId, id));
}

export async function rename(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  name: string,
): Promise<Location> {
  const accountId = ownAccount(scope).accountId;
  await ctx.db.transaction(async (tx) => {
    const location = await ownLocation(tx, accountId, id);
    await repo.renameLocation(tx, accountId, id, name);
    await audit.record(tx, subjectOf(actor), {
      event: 'location',
      action: 'update',
      information:
        location.name === name
          ? `Updated location "${name}" (no changes)`
          : `Renamed location "${location.name}" to "${name}"`,
    });
  });
  return toLocation(await ownLocation(ctx.db, accountId, id));
}

/** Deletes a location; its devices stay, out of any location and marked for relocation. */
export async function remove(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<void> {
  const accountId = ownAccount(scope).accountId;
  await ctx.db.transaction(async (tx) => {
    const location = await ownLocation(tx, accountId, id);
    const released = await repo.releaseDevices(tx, accountId, id, new Date());
    await repo.deleteLocation(tx, accountId, id);
    await audit.record(tx, subjectOf(actor), {
      event: 'location',
      action: 'delete',
      information: `Deleted location "${location.name}"; ${released} device(s) taken out of it`,
    });
  });
}

import type { RecentAlarm, recentQuery } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import { assignedOnly, ownAccountId, pagination } from '../devices/scope.js';
import * as repo from './repo.js';

/** DESIGN.md 9: an event awaits acknowledgement even after it recovered. */
export function eventState(row: {
  clearedAt: Date | null;
  acknowledgedAt: Date | null;
}): RecentAlarm['state'] {
  if (row.acknowledgedAt !== null) return 'acknowledged';
  return row.clearedAt === null ? 'active' : 'recovered';
}

function toRecentAlarm(row: repo.RecentAlarmRow): RecentAlarm {
  return {
    id: row.id,
    alarmId: row.alarmId,
    alarmName: row.alarmName,
    deviceDbId: row.deviceDbId,
    deviceName: row.deviceName,
    location: row.location,
    locationId: row.locationId,
    type: row.type,
    value: row.value,
    min: row.min,
    max: row.max,
    createdAt: row.raisedAt.toISOString(),
    comments: row.comments,
    state: eventState(row),
    clearedAt: row.clearedAt?.toISOString() ?? null,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgedAt === null ? null : row.acknowledgedBy,
  };
}

/** The Recent alarms card: the account's alarm events but door ones, newest first; a `user` sees their devices' only. */
export async function recent(ctx: AppContext, actor: Actor, query: z.output<typeof recentQuery>) {
  const accountId = ownAccountId(actor);
  const { rows, total } = await repo.listRecent(
    ctx.db,
    { accountId, assignedTo: assignedOnly(actor) },
    query.page,
    query.pageSize,
  );
  return {
    list: rows.map(toRecentAlarm),
    meta: { pagination: pagination(query.page, query.pageSize, total) },
  };
}

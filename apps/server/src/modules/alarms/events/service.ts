import {
  signatureMeanings,
  type AlarmEventItem,
  type AlarmEventState,
  type AlarmSummary,
  type alarmEventsQuery,
  type RecentAlarm,
  type recentQuery,
  type SignatureMeaning,
} from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { pagination } from '../../../lib/pagination.js';
import { assignedToOf, ownAccount, type Scope } from '../../../lib/scope.js';
import * as listRepo from './list-repo.js';
import { eventState } from './state.js';
import * as repo from './repo.js';

const isMeaning = (value: string | null): value is SignatureMeaning =>
  value !== null && (signatureMeanings as readonly string[]).includes(value);

/** The scope of the caller's alarms: their account's; a `user` their devices' only. */
export const alarmScopeOf = (scope: Scope): repo.AlarmScope => ({
  accountId: ownAccount(scope).accountId,
  assignedTo: assignedToOf(scope),
});

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
export async function recent(ctx: AppContext, scope: Scope, query: z.output<typeof recentQuery>) {
  const { rows, total } = await repo.listRecent(
    ctx.db,
    alarmScopeOf(scope),
    query.page,
    query.pageSize,
  );
  return {
    list: rows.map(toRecentAlarm),
    meta: { pagination: pagination(query.page, query.pageSize, total) },
  };
}

function toEventItem(row: listRepo.EventListRow, now: Date): AlarmEventItem {
  const end = row.clearedAt ?? now;
  return {
    id: row.id,
    state: eventState(row),
    alarmId: row.alarmId,
    alarmName: row.alarmName,
    type: row.type,
    deviceDbId: row.deviceDbId,
    deviceName: row.deviceName,
    deviceId: row.hardwareId,
    locationId: row.locationId,
    location: row.location,
    value: row.value,
    peak: row.peak,
    min: row.min,
    max: row.max,
    startedAt: row.startedAt.toISOString(),
    raisedAt: row.raisedAt.toISOString(),
    endedAt: row.clearedAt?.toISOString() ?? null,
    durationSeconds: Math.max(0, Math.round((end.getTime() - row.startedAt.getTime()) / 1000)),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgedAt === null ? null : row.acknowledgedBy,
    acknowledgedMeaning: isMeaning(row.acknowledgedMeaning) ? row.acknowledgedMeaning : null,
    comments: row.comments,
  };
}

type EventsQuery = z.output<typeof alarmEventsQuery>;

/** The filter of a query's optional parts, as the repo takes it. */
export function eventFilterOf(query: {
  state?: AlarmEventState[] | undefined;
  deviceId?: string | undefined;
  locationId?: string | undefined;
}): listRepo.EventFilter {
  return {
    ...(query.state ? { states: query.state } : {}),
    ...(query.deviceId ? { deviceId: query.deviceId } : {}),
    ...(query.locationId ? { locationId: query.locationId } : {}),
  };
}

/**
 * The alarm events page: every excursion the actor may see (their account's; a `user` their
 * devices'), newest first, filtered by state, device, location and start time, a page at a time.
 */
export async function events(ctx: AppContext, scope: Scope, query: EventsQuery) {
  const filter: listRepo.EventFilter = {
    ...eventFilterOf(query),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
  };
  const { rows, total } = await listRepo.listEvents(ctx.db, alarmScopeOf(scope), filter, query);
  const now = new Date();
  return {
    list: rows.map((row) => toEventItem(row, now)),
    meta: { pagination: pagination(query.page, query.pageSize, total) },
  };
}

/** The top bar's counts of the actor's alarms that need someone. */
export function summary(ctx: AppContext, scope: Scope): Promise<AlarmSummary> {
  return listRepo.summary(ctx.db, alarmScopeOf(scope));
}

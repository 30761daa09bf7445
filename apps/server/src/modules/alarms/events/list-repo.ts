import type { AlarmEventState } from '@vigil/contracts';
import { and, count, desc, eq, gte, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  alarmEvents,
  alarms,
  comments,
  devices,
  locations,
  users,
} from '../../../db/schema/index.js';
import { assignedTo } from '../../../db/assignments.js';
import type { AlarmScope } from './repo.js';

/** Which excursions to list: any of `states`, of one device or location, started in a range. */
export type EventFilter = {
  states?: AlarmEventState[];
  deviceId?: string;
  locationId?: string;
  from?: Date;
  to?: Date;
};

const open = isNull(alarmEvents.clearedAt);
const closed = isNotNull(alarmEvents.clearedAt);
const unsigned = isNull(alarmEvents.acknowledgedAt);
const signed = isNotNull(alarmEvents.acknowledgedAt);

/** The SQL of each state (contracts `alarmEventStates`): out of range or not, signed or not. */
const stateConditions: Record<AlarmEventState, SQL | undefined> = {
  active: and(open, unsigned),
  acknowledged: and(open, signed),
  recovered: and(closed, signed),
  recovered_unacknowledged: and(closed, unsigned),
};

/** When an excursion started: its first out-of-range reading, else its raise. */
export const startedAt = sql<Date>`coalesce(${alarmEvents.outOfRangeSince}, ${alarmEvents.raisedAt})`;

/**
 * The conditions of a scope and filter: the account's events on its own devices (a `user`: the
 * devices assigned to them), of the chosen states, device and location, started in the range.
 */
export function eventConditions(scope: AlarmScope, filter: EventFilter): SQL | undefined {
  return and(
    eq(alarmEvents.accountId, scope.accountId),
    eq(devices.accountId, scope.accountId),
    scope.assignedTo === undefined ? undefined : assignedTo(scope.assignedTo),
    filter.states === undefined
      ? undefined
      : or(...filter.states.map((state) => stateConditions[state])),
    filter.deviceId === undefined ? undefined : eq(alarmEvents.deviceId, filter.deviceId),
    filter.locationId === undefined ? undefined : eq(devices.locationId, filter.locationId),
    filter.from === undefined ? undefined : gte(startedAt, filter.from),
    filter.to === undefined ? undefined : lte(startedAt, filter.to),
  );
}

export type EventListRow = {
  id: string;
  alarmId: string | null;
  alarmName: string;
  type: string;
  deviceDbId: string;
  deviceName: string;
  hardwareId: string;
  locationId: string | null;
  location: string | null;
  value: number | null;
  peak: number | null;
  min: number | null;
  max: number | null;
  startedAt: Date;
  raisedAt: Date;
  clearedAt: Date | null;
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
  acknowledgedMeaning: string | null;
  comments: number;
};

/** The columns of a listed event, shared with the alarm report files. */
export const eventListColumns = {
  id: alarmEvents.id,
  alarmId: alarmEvents.alarmId,
  // An event without an alarm (offline, or its alarm since deleted) is named by its type.
  alarmName: sql<string>`coalesce(${alarms.name}, ${alarmEvents.type})`,
  type: alarmEvents.type,
  deviceDbId: alarmEvents.deviceId,
  deviceName: devices.name,
  hardwareId: devices.deviceId,
  locationId: devices.locationId,
  location: locations.name,
  value: alarmEvents.value,
  peak: sql<number | null>`coalesce(${alarmEvents.peakValue}, ${alarmEvents.value})`,
  min: alarmEvents.min,
  max: alarmEvents.max,
  // Read back through the driver as a string on PGlite and pg alike: mapped to a Date below.
  startedAt: sql<Date>`${startedAt}`.mapWith(alarmEvents.raisedAt),
  raisedAt: alarmEvents.raisedAt,
  clearedAt: alarmEvents.clearedAt,
  acknowledgedAt: alarmEvents.acknowledgedAt,
  acknowledgedBy: users.name,
  acknowledgedMeaning: alarmEvents.acknowledgedMeaning,
  comments: sql<number>`(select count(*) from ${comments}
    where ${comments.alarmEventId} = ${alarmEvents.id})::int`,
};

/** The events of a scope and filter, newest first, a page at a time, with the total. */
export async function listEvents(
  db: Executor,
  scope: AlarmScope,
  filter: EventFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: EventListRow[]; total: number }> {
  const where = eventConditions(scope, filter);
  const rows = await db
    .select(eventListColumns)
    .from(alarmEvents)
    .innerJoin(devices, eq(devices.id, alarmEvents.deviceId))
    .leftJoin(alarms, eq(alarms.id, alarmEvents.alarmId))
    .leftJoin(locations, eq(locations.id, devices.locationId))
    .leftJoin(users, eq(users.id, alarmEvents.acknowledgedBy))
    .where(where)
    .orderBy(desc(alarmEvents.raisedAt), desc(alarmEvents.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(alarmEvents)
    .innerJoin(devices, eq(devices.id, alarmEvents.deviceId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The top bar's counts over the events that need someone (the partial index
 * `alarm_events_attention_idx` holds only those, however long the account's history).
 */
export async function summary(
  db: Executor,
  scope: AlarmScope,
): Promise<{ active: number; unacknowledged: number; attention: number }> {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${alarmEvents.clearedAt} is null)::int`,
      unacknowledged: sql<number>`count(*) filter (where ${alarmEvents.acknowledgedAt} is null)::int`,
      attention: count(),
    })
    .from(alarmEvents)
    .innerJoin(devices, eq(devices.id, alarmEvents.deviceId))
    .where(
      and(
        eventConditions(scope, {}),
        sql`(${alarmEvents.clearedAt} is null or ${alarmEvents.acknowledgedAt} is null)`,
      ),
    );
  return {
    active: row?.active ?? 0,
    unacknowledged: row?.unacknowledged ?? 0,
    attention: row?.attention ?? 0,
  };
}

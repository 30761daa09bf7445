import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
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

export type AlarmScope = {
  accountId: string;
  /** A `user` sees only the alarms of devices assigned to them. */
  assignedTo?: string;
};

export type RecentAlarmRow = {
  id: string;
  alarmId: string | null;
  alarmName: string;
  deviceDbId: string;
  deviceName: string;
  location: string | null;
  locationId: string | null;
  type: string;
  value: number | null;
  min: number | null;
  max: number | null;
  raisedAt: Date;
  comments: number;
  clearedAt: Date | null;
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
};

/** Door openings have their own card (spec monitoring 7: door type filtered out). */
const doorType = 'door';

function recentConditions(scope: AlarmScope): SQL | undefined {
  return and(
    eq(alarmEvents.accountId, scope.accountId),
    eq(devices.accountId, scope.accountId),
    ne(alarmEvents.type, doorType),
    scope.assignedTo === undefined ? undefined : assignedTo(scope.assignedTo),
  );
}

/** An account's alarm events, newest first, with their alarm, device, location and comment count. */
export async function listRecent(
  db: Executor,
  scope: AlarmScope,
  page: number,
  pageSize: number,
): Promise<{ rows: RecentAlarmRow[]; total: number }> {
  const where = recentConditions(scope);
  const rows = await db
    .select({
      id: alarmEvents.id,
      alarmId: alarmEvents.alarmId,
      // An event without an alarm (offline, or its alarm since deleted) is named by its type.
      alarmName: sql<string>`coalesce(${alarms.name}, ${alarmEvents.type})`,
      deviceDbId: alarmEvents.deviceId,
      deviceName: devices.name,
      location: locations.name,
      locationId: devices.locationId,
      type: alarmEvents.type,
      value: alarmEvents.value,
      min: alarmEvents.min,
      max: alarmEvents.max,
      raisedAt: alarmEvents.raisedAt,
      comments: sql<number>`(select count(*) from ${comments}
        where ${comments.alarmEventId} = ${alarmEvents.id})::int`,
      clearedAt: alarmEvents.clearedAt,
      acknowledgedAt: alarmEvents.acknowledgedAt,
      acknowledgedBy: users.name,
    })
    .from(alarmEvents)
    .innerJoin(devices, eq(devices.id, alarmEvents.deviceId))
    .leftJoin(alarms, eq(alarms.id, alarmEvents.alarmId))
    .leftJoin(locations, eq(locations.id, devices.locationId))
    .leftJoin(users, eq(users.id, alarmEvents.acknowledgedBy))
    .where(where)
    .orderBy(desc(alarmEvents.raisedAt), desc(alarmEvents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(alarmEvents)
    .innerJoin(devices, eq(devices.id, alarmEvents.deviceId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * What a report run reads to build its content (document/content.ts): the account's heading,
 * the report's devices, and per device the period's readings, threshold alarms, door openings
 * and alarm events with their acknowledgements. Every read is bounded by the account.
 */
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  accounts,
  alarmEvents,
  alarms,
  comments,
  devices,
  doorEvents,
  readings,
  users,
} from '../../db/schema/index.js';

type Period = { start: number; end: number };

/** The company name and temperature unit that a run's cover and values use. */
export async function accountHeading(db: Executor, accountId: string) {
  const [account] = await db
    .select({ name: accounts.companyName, unit: accounts.temperatureUnit })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account;
}

/** The report's devices that belong to the account, by name. */
export async function accountDevices(db: Executor, accountId: string, deviceIds: string[]) {
  if (deviceIds.length === 0) return [];
  return db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(and(eq(devices.accountId, accountId), inArray(devices.id, deviceIds)))
    .orderBy(asc(devices.name), asc(devices.id));
}

/** A device's raw readings of the period, oldest first. */
export function periodReadings(db: Executor, deviceId: string, period: Period) {
  return db
    .select()
    .from(readings)
    .where(
      and(
        eq(readings.deviceId, deviceId),
        gte(readings.ts, new Date(period.start)),
        lt(readings.ts, new Date(period.end)),
      ),
    )
    .orderBy(asc(readings.ts));
}

export type PeriodReading = Awaited<ReturnType<typeof periodReadings>>[number];

/** A device's threshold alarms, whose ranges the statistics hold its readings against. */
export function thresholdAlarms(db: Executor, deviceId: string) {
  return db
    .select()
    .from(alarms)
    .where(and(eq(alarms.deviceId, deviceId), eq(alarms.kind, 'threshold')));
}

export type ThresholdAlarm = Awaited<ReturnType<typeof thresholdAlarms>>[number];

/** A device's door openings begun in the period. */
export function doorOpenings(db: Executor, deviceId: string, period: Period) {
  return db
    .select({ openedAt: doorEvents.openedAt, closedAt: doorEvents.closedAt })
    .from(doorEvents)
    .where(
      and(
        eq(doorEvents.deviceId, deviceId),
        gte(doorEvents.openedAt, new Date(period.start)),
        lt(doorEvents.openedAt, new Date(period.end)),
      ),
    );
}

/** The account's alarm events of these devices raised in the period, oldest or latest first. */
export async function periodAlarmEvents(
  db: Executor,
  accountId: string,
  deviceIds: string[],
  period: Period,
  latestFirst: boolean,
) {
  if (deviceIds.length === 0) return [];
  return db
    .select({
      id: alarmEvents.id,
      deviceName: devices.name,
      type: alarmEvents.type,
      value: alarmEvents.value,
      raisedAt: alarmEvents.raisedAt,
      clearedAt: alarmEvents.clearedAt,
      acknowledgedAt: alarmEvents.acknowledgedAt,
      acknowledgedBy: users.name,
    })
    .from(alarmEvents)
    .innerJoin(devices, eq(devices.id, alarmEvents.deviceId))
    .leftJoin(users, eq(users.id, alarmEvents.acknowledgedBy))
    .where(
      and(
        eq(alarmEvents.accountId, accountId),
        inArray(alarmEvents.deviceId, deviceIds),
        gte(alarmEvents.raisedAt, new Date(period.start)),
        lt(alarmEvents.raisedAt, new Date(period.end)),
      ),
    )
    .orderBy(
      latestFirst ? desc(alarmEvents.raisedAt) : asc(alarmEvents.raisedAt),
      asc(alarmEvents.id),
    );
}

/** The acknowledgement comments of these alarm events. */
export async function acknowledgementComments(db: Executor, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({ eventId: comments.alarmEventId, comment: comments.comment })
    .from(comments)
    .where(and(inArray(comments.alarmEventId, eventIds), eq(comments.isAcknowledgement, true)));
}

import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { queryRows } from '../../../db/query.js';

const ms = (value: Date | string | null): number | null =>
  value === null ? null : new Date(value).getTime();

export type OpenEventRow = {
  id: string;
  accountId: string;
  deviceId: string;
  raisedAtMs: number;
  notifiedCount: number;
  lastNotifiedAtMs: number | null;
  acknowledged: boolean;
  escalated: boolean;
  escalationMinutes: number;
};

type OpenEventColumns = {
  id: string;
  account_id: string;
  device_id: string;
  raised_at: Date | string;
  notified_count: number;
  last_notified_at: Date | string | null;
  acknowledged_at: Date | string | null;
  escalated_at: Date | string | null;
  escalation_minutes: number;
};

const toOpenEvent = (row: OpenEventColumns): OpenEventRow => ({
  id: row.id,
  accountId: row.account_id,
  deviceId: row.device_id,
  raisedAtMs: new Date(row.raised_at).getTime(),
  notifiedCount: row.notified_count,
  lastNotifiedAtMs: ms(row.last_notified_at),
  acknowledged: row.acknowledged_at !== null,
  escalated: row.escalated_at !== null,
  escalationMinutes: row.escalation_minutes,
});

/** Open events of defined alarms, with their alarm's repeat rules and the account's escalation. */
export async function openAlarmEvents(
  db: Executor,
): Promise<(OpenEventRow & { frequency: number; oneTime: boolean })[]> {
  const rows = await queryRows<OpenEventColumns & { frequency: number; one_time: boolean }>(
    db,
    sql`select e.id, e.account_id, e.device_id, e.raised_at, e.notified_count, e.last_notified_at,
        e.acknowledged_at, e.escalated_at, ac.escalation_minutes, a.frequency, a.one_time
      from alarm_events e
      join alarms a on a.id = e.alarm_id and a.enable
      join accounts ac on ac.id = e.account_id and ac.status = 'active'
      where e.cleared_at is null and e.acknowledged_at is null`,
  );
  return rows.map((row) => ({
    ...toOpenEvent(row),
    frequency: row.frequency,
    oneTime: row.one_time,
  }));
}

export type OfflineCandidate = {
  deviceId: string;
  accountId: string;
  deviceName: string;
  ttlMinutes: number;
  lastSeenAtMs: number | null;
  frequencyMinutes: number;
  maxAlarms: number;
  open: OpenEventRow | null;
};

/**
 * Devices watched for going offline: the account's offline alarms on, the device's own switch
 * on and its equipment active; with their open offline event, if any.
 */
export async function offlineCandidates(db: Executor): Promise<OfflineCandidate[]> {
  const rows = await queryRows<
    Partial<OpenEventColumns> & {
      device_id: string;
      account_id: string;
      device_name: string;
      ttl: number;
      device_last_seen_at: Date | string | null;
      offline_alarm_frequency: number;
      alarm_frequency: number;
      max_alarms: number;
      escalation_minutes: number;
      event_id: string | null;
    }
  >(
    db,
    sql`select d.id as device_id, d.account_id, d.name as device_name, d.ttl,
        d.last_seen_at as device_last_seen_at, d.offline_alarm_frequency,
        s.alarm_frequency, s.max_alarms, ac.escalation_minutes,
        e.id as event_id, e.raised_at, e.notified_count, e.last_notified_at, e.acknowledged_at,
        e.escalated_at
      from devices d
      join offline_alarm_settings s on s.account_id = d.account_id and s.offline_alarm_enable
      join accounts ac on ac.id = d.account_id and ac.status = 'active'
      left join alarm_events e on e.device_id = d.id and e.type = 'offline'
        and e.alarm_id is null and e.cleared_at is null
      where d.offline_alarm_enable and d.equipment_status and d.last_seen_at is not null`,
  );
  return rows.map((row) => ({
    deviceId: row.device_id,
    accountId: row.account_id,
    deviceName: row.device_name,
    ttlMinutes: row.ttl,
    lastSeenAtMs: ms(row.device_last_seen_at),
    frequencyMinutes:
      row.offline_alarm_frequency > 0 ? row.offline_alarm_frequency : row.alarm_frequency,
    maxAlarms: row.max_alarms,
    open:
      row.event_id === null
        ? null
        : toOpenEvent({
            id: row.event_id,
            account_id: row.account_id,
            device_id: row.device_id,
            raised_at: row.raised_at ?? new Date(0),
            notified_count: row.notified_count ?? 0,
            last_notified_at: row.last_notified_at ?? null,
            acknowledged_at: row.acknowledged_at ?? null,
            escalated_at: row.escalated_at ?? null,
            escalation_minutes: row.escalation_minutes,
          }),
  }));
}

/** Counts one more notification of an open, unacknowledged event; its new count, or undefined. */
export async function countNotification(
  db: Executor,
  eventId: string,
  expectedCount: number,
  at: Date,
): Promise<number | undefined> {
  const rows = await queryRows<{ notified_count: number }>(
    db,
    sql`update alarm_events set notified_count = notified_count + 1, last_notified_at = ${at}
      where id = ${eventId} and notified_count = ${expectedCount}
        and cleared_at is null and acknowledged_at is null
      returning notified_count`,
  );
  return rows[0]?.notified_count;
}

/** Marks an open, unacknowledged event escalated, once. */
export async function markEscalated(db: Executor, eventId: string, at: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update alarm_events set escalated_at = ${at}
      where id = ${eventId} and escalated_at is null and cleared_at is null
        and acknowledged_at is null
      returning id`,
  );
  return rows.length > 0;
}

export type PendingDoor = {
  alarmId: string;
  deviceId: string;
  lastTsMs: number;
  pendingSinceMs: number;
  lastNotifiedRaiseMs: number | null;
};

/** Door conditions still inside their allowance with no open event. */
export async function pendingDoors(db: Executor): Promise<PendingDoor[]> {
  const rows = await queryRows<{
    alarm_id: string;
    device_id: string;
    last_reading_ts: Date | string;
    pending_since: Date | string;
    last_notified_raise_ts: Date | string | null;
  }>(
    db,
    sql`select c.alarm_id, c.device_id, c.last_reading_ts, c.pending_since, c.last_notified_raise_ts
      from alarm_conditions c
      where c.type = 'door' and c.pending_since is not null
        and not exists (select 1 from alarm_events e where e.device_id = c.device_id
          and e.alarm_id = c.alarm_id and e.type = 'door' and e.cleared_at is null)`,
  );
  return rows.map((row) => ({
    alarmId: row.alarm_id,
    deviceId: row.device_id,
    lastTsMs: new Date(row.last_reading_ts).getTime(),
    pendingSinceMs: new Date(row.pending_since).getTime(),
    lastNotifiedRaiseMs: ms(row.last_notified_raise_ts),
  }));
}

export type OrphanedEvent = {
  id: string;
  accountId: string;
  deviceId: string;
  deviceName: string;
  alarmId: string | null;
  type: string;
};

/**
 * Clears open events whose alarm was disabled or deleted (`alarm_id` set null): nothing
 * evaluates them any more, so they would stay open for ever. Not notified.
 */
export async function clearOrphanedEvents(db: Executor, at: Date): Promise<OrphanedEvent[]> {
  const rows = await queryRows<{
    id: string;
    account_id: string;
    device_id: string;
    device_name: string;
    alarm_id: string | null;
    type: string;
  }>(
    db,
    sql`update alarm_events e set cleared_at = ${at}
      from devices d
      where d.id = e.device_id and e.cleared_at is null and e.type <> 'offline'
        and (e.alarm_id is null
          or exists (select 1 from alarms a where a.id = e.alarm_id and not a.enable))
      returning e.id, e.account_id, e.device_id, d.name as device_name, e.alarm_id, e.type`,
  );
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    deviceId: row.device_id,
    deviceName: row.device_name,
    alarmId: row.alarm_id,
    type: row.type,
  }));
}

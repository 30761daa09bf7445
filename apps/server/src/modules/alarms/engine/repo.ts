import { sql } from 'drizzle-orm';
import { lightSchedule } from '@vigil/contracts';
import type { Executor } from '../../../db/client.js';
import { queryRows } from '../../../db/query.js';
import type { AlarmDefinition } from './checks.js';
import type { ConditionKey, ConditionState } from './evaluate.js';
import { conditionKey } from './evaluate.js';

const ms = (value: Date | string | null): number | null =>
  value === null ? null : new Date(value).getTime();
const iso = (value: number | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export type DefinedAlarm = AlarmDefinition & { deviceName: string };

type AlarmRow = Record<string, unknown> & {
  id: string;
  account_id: string;
  device_id: string;
  device_name: string;
  light_schedule: unknown;
};

const num = (value: unknown): number | null => (value === null ? null : Number(value));

function toDefinition(row: AlarmRow): DefinedAlarm {
  const schedule = lightSchedule.safeParse(row.light_schedule);
  return {
    id: row.id,
    accountId: row.account_id,
    deviceId: row.device_id,
    deviceName: row.device_name,
    kind: row.kind === 'light' ? 'light' : 'threshold',
    name: String(row.name),
    tempEnabled: row.temp_enabled === true,
    minTemp: num(row.min_temp),
    maxTemp: num(row.max_temp),
    shtTEnabled: row.sht_t_enabled === true,
    minShtT: num(row.min_sht_t),
    maxShtT: num(row.max_sht_t),
    humidityEnabled: row.humidity_enabled === true,
    minHumidity: num(row.min_humidity),
    maxHumidity: num(row.max_humidity),
    carbonEnabled: row.carbon_enabled === true,
    minCarbon: num(row.min_carbon),
    maxCarbon: num(row.max_carbon),
    pressureEnabled: row.pressure_enabled === true,
    minPressure: num(row.min_pressure),
    maxPressure: num(row.max_pressure),
    lntmpEnabled: row.lntmp_enabled === true,
    minLntmp: num(row.min_lntmp),
    maxLntmp: num(row.max_lntmp),
    ln2LevelEnabled: row.ln2_level_enabled === true,
    minLn2Level: num(row.min_ln2_level),
    maxLn2Level: num(row.max_ln2_level),
    waterEnabled: row.water_enabled === true,
    batteryEnabled: row.battery_enabled === true,
    minBattery: num(row.min_battery),
    doorEnabled: row.door_enabled === true,
    doorOpenMinutes: num(row.door_open_minutes),
    delay: Number(row.delay),
    frequency: Number(row.frequency),
    oneTime: row.one_time === true,
    timezone: String(row.timezone),
    minLux: num(row.min_lux),
    maxLux: num(row.max_lux),
    lightSchedule: schedule.success ? schedule.data : null,
    invertWaterSignal: row.invert_water_signal === true,
  };
}

/** Every enabled alarm of an active account, with its device's name and water-signal setting. */
export async function enabledAlarms(db: Executor): Promise<DefinedAlarm[]> {
  const rows = await queryRows<AlarmRow>(
    db,
    sql`select a.*, d.name as device_name, d.invert_water_signal
      from alarms a
      join devices d on d.id = a.device_id
      join accounts ac on ac.id = a.account_id
      where a.enable and ac.status = 'active'`,
  );
  return rows.map(toDefinition);
}

export type StoredConditions = Map<ConditionKey, ConditionState & { deviceId: string }>;

/**
 * The stored state of the given devices' conditions, with whether each has an open event. For
 * devices not in `full`, only conditions that are not at rest are read (pending, open, or a
 * raise notified in the last day): a condition at rest contributes only its watermark, which
 * the engine already holds for devices it has read in full once.
 */
export async function conditionsOf(
  db: Executor,
  deviceIds: string[],
  full: string[],
): Promise<StoredConditions> {
  const rows = await queryRows<{
    alarm_id: string;
    type: string;
    device_id: string;
    last_reading_ts: Date | string | null;
    pending_since: Date | string | null;
    last_notified_raise_ts: Date | string | null;
    notified_count: number | null;
    peak_value: number | null;
  }>(
    db,
    sql`select coalesce(c.alarm_id, e.alarm_id) as alarm_id, coalesce(c.type, e.type) as type,
        coalesce(c.device_id, e.device_id) as device_id,
        c.last_reading_ts, c.pending_since, c.last_notified_raise_ts, e.notified_count,
        e.peak_value
      from (
        select * from alarm_conditions
        where device_id = any(${sql.param(deviceIds)}::uuid[])
          and (device_id = any(${sql.param(full)}::uuid[]) or pending_since is not null
            or last_notified_raise_ts > now() - interval '1 day')
      ) c
      full join (
        select alarm_id, type, device_id, notified_count, peak_value from alarm_events
        where device_id = any(${sql.param(deviceIds)}::uuid[]) and cleared_at is null
          and alarm_id is not null
      ) e on e.alarm_id = c.alarm_id and e.type = c.type`,
  );
  const states: StoredConditions = new Map();
  for (const row of rows) {
    states.set(conditionKey(row.alarm_id, row.type as never), {
      deviceId: row.device_id,
      lastTsMs: ms(row.last_reading_ts),
      pendingSinceMs: ms(row.pending_since),
      lastNotifiedRaiseMs: ms(row.last_notified_raise_ts),
      open:
        row.notified_count === null
          ? null
          : { notified: row.notified_count > 0, peak: num(row.peak_value) },
    });
  }
  return states;
}

export type ConditionRow = {
  alarmId: string;
  type: string;
  deviceId: string;
  state: ConditionState;
};

/** Writes conditions' states; a watermark never moves back (a slower writer cannot undo it). */
export async function saveConditions(db: Executor, rows: ConditionRow[]): Promise<void> {
  const written = rows.filter((row) => row.state.lastTsMs !== null);
  if (written.length === 0) return;
  await db.execute(sql`insert into alarm_conditions
      (alarm_id, type, device_id, last_reading_ts, pending_since, last_notified_raise_ts, updated_at)
    select u.alarm_id, u.type, u.device_id, u.last_ts, u.pending, u.notified, now()
    from unnest(
      ${sql.param(written.map((row) => row.alarmId))}::uuid[],
      ${sql.param(written.map((row) => row.type))}::text[],
      ${sql.param(written.map((row) => row.deviceId))}::uuid[],
      ${sql.param(written.map((row) => iso(row.state.lastTsMs)))}::timestamptz[],
      ${sql.param(written.map((row) => iso(row.state.pendingSinceMs)))}::timestamptz[],
      ${sql.param(written.map((row) => iso(row.state.lastNotifiedRaiseMs)))}::timestamptz[]
    ) as u(alarm_id, type, device_id, last_ts, pending, notified)
    where exists (select 1 from alarms a where a.id = u.alarm_id)
    on conflict (alarm_id, type) do update set
      last_reading_ts = greatest(alarm_conditions.last_reading_ts, excluded.last_reading_ts),
      pending_since = excluded.pending_since,
      last_notified_raise_ts = excluded.last_notified_raise_ts,
      updated_at = now()`);
}

/** Moves only watermarks forward (written behind the transitions, in the background). */
export async function saveWatermarks(db: Executor, rows: ConditionRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`insert into alarm_conditions (alarm_id, type, device_id, last_reading_ts)
    select u.alarm_id, u.type, u.device_id, u.last_ts
    from unnest(
      ${sql.param(rows.map((row) => row.alarmId))}::uuid[],
      ${sql.param(rows.map((row) => row.type))}::text[],
      ${sql.param(rows.map((row) => row.deviceId))}::uuid[],
      ${sql.param(rows.map((row) => iso(row.state.lastTsMs)))}::timestamptz[]
    ) as u(alarm_id, type, device_id, last_ts)
    where exists (select 1 from alarms a where a.id = u.alarm_id)
    on conflict (alarm_id, type) do update set
      last_reading_ts = greatest(alarm_conditions.last_reading_ts, excluded.last_reading_ts)`);
}

export type NewEvent = {
  accountId: string;
  deviceId: string;
  alarmId: string | null;
  type: string;
  value: number | null;
  min: number | null;
  max: number | null;
  readingTs: Date | null;
  outOfRangeSince: Date | null;
  raisedAt: Date;
  notified: boolean;
};

/** Inserts an open event; undefined when one is already open for the device, alarm and type. */
export async function insertEvent(db: Executor, event: NewEvent): Promise<string | undefined> {
  const notifiedAt = event.notified ? event.raisedAt : null;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into alarm_events (account_id, device_id, alarm_id, type, value, peak_value, min,
        max, reading_ts, out_of_range_since, raised_at, notified_count, last_notified_at)
      select ${event.accountId}, ${event.deviceId}, ${event.alarmId}, ${event.type}, ${event.value},
        ${event.value}, ${event.min}, ${event.max}, ${event.readingTs}, ${event.outOfRangeSince},
        ${event.raisedAt},
        ${event.notified ? 1 : 0}, ${notifiedAt}
      where not exists (
        select 1 from alarm_events o
        where o.device_id = ${event.deviceId} and o.type = ${event.type} and o.cleared_at is null
          and o.alarm_id is not distinct from ${event.alarmId}
      )
      on conflict do nothing
      returning id`,
  );
  return rows[0]?.id;
}

export type ClearedEvent = { id: string; notifiedCount: number };

/**
 * Clears the open event of a device, alarm (null: offline) and type; `peak`, the excursion's
 * worst value as the engine saw it, replaces the stored one (it was read from it).
 */
export async function clearEvent(
  db: Executor,
  target: { deviceId: string; alarmId: string | null; type: string; peak?: number | null },
  clearedAt: Date,
): Promise<ClearedEvent | undefined> {
  const rows = await queryRows<{ id: string; notified_count: number }>(
    db,
    sql`update alarm_events set cleared_at = ${clearedAt},
        peak_value = coalesce(${target.peak ?? null}::real, peak_value)
      where device_id = ${target.deviceId} and type = ${target.type} and cleared_at is null
        and alarm_id is not distinct from ${target.alarmId}
      returning id, notified_count`,
  );
  const row = rows[0];
  return row ? { id: row.id, notifiedCount: row.notified_count } : undefined;
}

/** The new worst values of open events (read from them in the same batch, so never older). */
export async function savePeaks(
  db: Executor,
  peaks: { deviceId: string; alarmId: string; type: string; peak: number | null }[],
): Promise<void> {
  if (peaks.length === 0) return;
  await db.execute(sql`update alarm_events e set peak_value = u.peak
    from unnest(
      ${sql.param(peaks.map((p) => p.deviceId))}::uuid[],
      ${sql.param(peaks.map((p) => p.alarmId))}::uuid[],
      ${sql.param(peaks.map((p) => p.type))}::text[],
      ${sql.param(peaks.map((p) => p.peak))}::real[]
    ) as u(device_id, alarm_id, type, peak)
    where e.device_id = u.device_id and e.alarm_id = u.alarm_id and e.type = u.type
      and e.cleared_at is null`);
}

export type ClearedOffline = {
  id: string;
  accountId: string;
  deviceId: string;
  deviceName: string;
  notifiedCount: number;
};

/** Clears the open offline events of devices that report again. */
export async function clearOfflineEvents(
  db: Executor,
  deviceIds: string[],
  clearedAt: Date,
): Promise<ClearedOffline[]> {
  if (deviceIds.length === 0) return [];
  const rows = await queryRows<{
    id: string;
    account_id: string;
    device_id: string;
    device_name: string;
    notified_count: number;
  }>(
    db,
    sql`update alarm_events e set cleared_at = ${clearedAt}
      from devices d
      where d.id = e.device_id and e.device_id = any(${sql.param(deviceIds)}::uuid[])
        and e.type = 'offline' and e.alarm_id is null and e.cleared_at is null
      returning e.id, e.account_id, e.device_id, d.name as device_name, e.notified_count`,
  );
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    deviceId: row.device_id,
    deviceName: row.device_name,
    notifiedCount: row.notified_count,
  }));
}

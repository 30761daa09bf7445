import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { readingColumns } from '../../ingest/columns.js';

/** One batch as column arrays, sorted by (device, ts) so that concurrent batches lock rows in one order. */
export type ReadingBatch = {
  deviceIds: string[];
  /** ISO 8601 timestamps, millisecond precision. */
  timestamps: string[];
  /** One array per `readingColumns` entry, each as long as `deviceIds`. */
  values: (number | null)[][];
  /** JSON text of the extra fields, or null. */
  extra: (string | null)[];
};

export type ReadingKey = { deviceId: string; tsMs: number };
export type DeviceStateChange = {
  id: string;
  accountId: string;
  deviceId: string;
  status: 'active' | 'inactive';
  previousStatus: 'active' | 'inactive';
  lastSeenAt: Date;
};
export type BatchOutcome = {
  insertedCount: number;
  /** The rows inserted, listed only when some were not (duplicates): usually every row is. */
  inserted: ReadingKey[] | undefined;
  /** The inserted rows flagged backfilled. */
  backfilled: ReadingKey[];
  devices: DeviceStateChange[];
};

/** A reading this much older than its arrival was buffered by its gateway: backfilled. */
const backfillAfter = sql.raw(`interval '2 minutes'`);
const rollupUnits = [
  { table: 'reading_rollups_1m', unit: 'minute' },
  { table: 'reading_rollups_1h', unit: 'hour' },
  { table: 'reading_rollups_1d', unit: 'day' },
] as const;

const raw = (text: string) => sql.raw(text);
const tsMs = raw('(extract(epoch from ts) * 1000)::float8');
/** The batch's newest reading is newer than the device's latest: state moves forward only. */
const newer = raw('(d.latest_ts is null or d.latest_ts < l.ts)');
/** Seen at the newest reading's time (not later than now: a fast clock does not keep it online). */
const lastSeen = raw('greatest(d.last_seen_at, least(l.ts, now()))');
const columnList = raw(readingColumns.map((column) => column.column).join(', '));
const inputColumns = raw(readingColumns.map((column) => `u.${column.column}`).join(', '));
const rolledUp = readingColumns.filter((column) => column.rollup).map((column) => column.column);
/** Per device and minute, each metric's min, max, sum and count over the inserted rows. */
const minuteAggregates = raw(
  rolledUp
    .map(
      (c) =>
        `min(${c})::float8 as ${c}_min, max(${c})::float8 as ${c}_max, sum(${c}::float8) as ${c}_sum, count(${c}) as ${c}_n`,
    )
    .join(', '),
);
/** The minute aggregates as one row per metric. */
const metricValues = raw(
  rolledUp.map((c) => `('${c}', m.${c}_min, m.${c}_max, m.${c}_sum, m.${c}_n)`).join(', '),
);
/** latest_data: the `reading` contract's keys (contracts/inventory.ts). */
const latestData = raw(
  [
    `'createdAt', to_char(l.ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    ...readingColumns.map((column) => `'${column.field}', l.${column.column}`),
    `'backfilled', l.backfilled`,
  ].join(', '),
);

function unnestInput(batch: ReadingBatch): SQL {
  const arrays = [
    sql`${sql.param(batch.deviceIds)}::uuid[]`,
    sql`${sql.param(batch.timestamps)}::timestamptz[]`,
    ...readingColumns.map(
      (column, index) => sql`${sql.param(batch.values[index] ?? [])}::${raw(column.type)}[]`,
    ),
    sql`${sql.param(batch.extra)}::text[]`,
  ];
  return sql`select * from unnest(${sql.join(arrays, sql`, `)})
    as u(device_id, ts, ${columnList}, extra)`;
}

/**
 * Rolls the minute aggregates up into `table`: rows sorted by key, so that concurrent batches
 * lock rollup rows in one order.
 */
function rollupUpsert(table: string, unit: string): SQL {
  return sql`insert into ${raw(table)} as r (device_id, bucket, metric, min, max, sum, count)
    select device_id, date_trunc(${unit}, bucket, 'UTC'), metric, min(mn), max(mx), sum(sm), sum(n)
    from metric_rows group by 1, 2, 3 order by 1, 3, 2
    on conflict (device_id, metric, bucket) do update set
      min = least(r.min, excluded.min), max = greatest(r.max, excluded.max),
      sum = r.sum + excluded.sum, count = r.count + excluded.count`;
}

/**
 * Writes one batch in one statement, so in one transaction: the readings (duplicates skipped),
 * their rollups from the rows actually inserted, and the state of their devices, moved only
 * forward. Readings of devices that no longer exist are skipped.
 */
export async function insertBatch(db: Executor, batch: ReadingBatch): Promise<BatchOutcome> {
  const rollups = rollupUnits.map(
    ({ table, unit }) => sql`${raw(`r_${unit}`)} as (${rollupUpsert(table, unit)})`,
  );
  const [row] = await queryRows<OutcomeRow>(
    db,
    sql`with input as (${unnestInput(batch)}),
    ins as (
      insert into readings (device_id, ts, received_at, backfilled, ${columnList}, extra)
      select u.device_id, u.ts, now(),
        (coalesce(u.ts < d.latest_ts, false) or u.ts < now() - ${backfillAfter}), ${inputColumns}, u.extra::jsonb
      from input u join devices d on d.id = u.device_id
      order by u.device_id, u.ts
      on conflict do nothing
      returning *
    ),
    minutes as (
      select device_id, date_trunc('minute', ts, 'UTC') as bucket, ${minuteAggregates}
      from ins group by 1, 2
    ),
    metric_rows as (
      select m.device_id, m.bucket, v.metric, v.mn, v.mx, v.sm, v.n
      from minutes m cross join lateral (values ${metricValues}) as v(metric, mn, mx, sm, n)
      where v.n > 0
    ),
    ${sql.join(rollups, sql`, `)},
    latest as (select distinct on (device_id) * from ins order by device_id, ts desc),
    seen as (
      update devices d set
        latest_ts = case when ${newer} then l.ts else d.latest_ts end,
        latest_data = case when ${newer} then jsonb_build_object(${latestData}) else d.latest_data end,
        node_type = case when ${newer} then coalesce(l.node_type, d.node_type) else d.node_type end,
        last_seen_at = ${lastSeen},
        status = case when ${lastSeen} > now() - make_interval(mins => d.ttl)
          then 'active' else d.status end
      from latest l, devices prev
      where d.id = l.device_id and prev.id = d.id
      returning d.id, d.account_id, d.device_id, d.status, prev.status as previous_status,
        d.last_seen_at
    )
    select i.*, (select json_agg(seen) from seen where seen.status <> seen.previous_status) as devices
    from (select count(*)::int as inserted,
        case when count(*) < ${batch.deviceIds.length} then coalesce(array_agg(device_id), '{}') end as inserted_ids,
        case when count(*) < ${batch.deviceIds.length} then coalesce(array_agg(${tsMs}), '{}') end as inserted_ts,
        array_agg(device_id) filter (where backfilled) as backfilled_ids,
        array_agg(${tsMs}) filter (where backfilled) as backfilled_ts
      from ins) i`,
  );
  return toOutcome(row);
}

type DeviceRow = {
  id: string;
  account_id: string;
  device_id: string;
  status: 'active' | 'inactive';
  previous_status: 'active' | 'inactive';
  last_seen_at: string;
};

type OutcomeRow = {
  inserted: number;
  inserted_ids: string[] | null;
  inserted_ts: number[] | null;
  backfilled_ids: string[] | null;
  backfilled_ts: number[] | null;
  devices: DeviceRow[] | null;
};

const keysOf = (ids: string[] | null, timestamps: number[] | null): ReadingKey[] =>
  (ids ?? []).map((deviceId, index) => ({ deviceId, tsMs: Number(timestamps?.[index]) }));

function toOutcome(row: OutcomeRow | undefined): BatchOutcome {
  return {
    insertedCount: row?.inserted ?? 0,
    inserted: row?.inserted_ids ? keysOf(row.inserted_ids, row.inserted_ts) : undefined,
    backfilled: keysOf(row?.backfilled_ids ?? null, row?.backfilled_ts ?? null),
    devices: (row?.devices ?? []).map((device) => ({
      id: device.id,
      accountId: device.account_id,
      deviceId: device.device_id,
      status: device.status,
      previousStatus: device.previous_status,
      lastSeenAt: new Date(device.last_seen_at),
    })),
  };
}

/** Devices that may have readings (retention walks them one by one, along the primary key). */
export async function deviceIds(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, sql`select id from devices order by id`);
  return rows.map((row) => row.id);
}

/** Deletes one device's readings older than `before`, a chunk per statement; returns the count. */
export async function deleteReadingsBefore(
  db: Executor,
  deviceId: string,
  before: Date,
  chunk = 20_000,
): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ n: number | string }>(
      db,
      sql`with gone as (
          delete from readings where ctid in (
            select ctid from readings
            where device_id = ${deviceId} and ts < ${before.toISOString()}::timestamptz
            limit ${chunk}
          ) returning 1
        ) select count(*) as n from gone`,
    );
    const deleted = Number(rows[0]?.n ?? 0);
    total += deleted;
    if (deleted < chunk) return total;
  }
}

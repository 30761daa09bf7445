import { metricKeys, type MetricKey } from '@vigil/contracts';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import {
  accounts,
  devices,
  deviceUsers,
  readingRollups10m,
  readingRollups1d,
  readingRollups1h,
  readingRollups1m,
  readingRollups6h,
  readings,
} from '../../db/schema/index.js';
import type { BucketPlan, RollupSource } from './history-buckets.js';
import { metricColumns } from './history-metrics.js';

export type DeviceRef = {
  id: string;
  accountId: string;
  accountName: string;
  temperatureUnit: 'C' | 'F';
  deviceId: string;
  name: string;
};

/**
 * A device of `accountId`; with `assignedTo`, only when that user is assigned to it
 * (a sub-user sees only their devices).
 */
export async function findDevice(
  db: Executor,
  accountId: string,
  id: string,
  assignedTo?: string,
): Promise<DeviceRef | undefined> {
  const assigned = assignedTo
    ? sql`exists (select 1 from ${deviceUsers} where ${deviceUsers.deviceId} = ${devices.id}
        and ${deviceUsers.userId} = ${assignedTo})`
    : undefined;
  const [row] = await db
    .select({
      id: devices.id,
      accountId: devices.accountId,
      accountName: accounts.companyName,
      temperatureUnit: accounts.temperatureUnit,
      deviceId: devices.deviceId,
      name: devices.name,
    })
    .from(devices)
    .innerJoin(accounts, eq(accounts.id, devices.accountId))
    .where(and(eq(devices.id, id), eq(devices.accountId, accountId), assigned));
  return row;
}

export type RawReading = {
  ts: Date;
  backfilled: boolean;
} & Record<MetricKey, number | null>;

const rawColumns = { ts: readings.ts, backfilled: readings.backfilled, ...metricColumns };

/**
 * Readings as a chart reads them, a column each: ms since the epoch, backfilled, and one
 * column per requested metric (same order). Not in any particular order.
 */
export type ChartColumns = { ts: number[]; backfilled: boolean[]; values: (number | null)[][] };

/**
 * The readings of [from, to] with the values of `metrics` only, in time order. One JSON
 * document of columns: PGlite pays dearly for every result row, and an aggregate per column
 * settles its JSON type once where json_build_array per row does so for every value. The rows
 * are read in the primary key's order, so that the plan is an index range scan of the device
 * (a sort would be the alternative, never a scan of the table).
 */
export async function chartColumns(
  db: Executor,
  deviceId: string,
  from: Date,
  to: Date,
  metrics: readonly MetricKey[],
): Promise<ChartColumns> {
  const values = metrics.map((key) => sql`, json_agg(${sql.identifier(key)})`);
  const columns = sql.join(
    metrics.map((key) => metricColumns[key]),
    sql`, `,
  );
  // date_part is float arithmetic (extract() is numeric, several times slower); truncated to the
  // millisecond first, it is within a rounding error of a whole number, which Math.round restores.
  const [row] = await queryRows<{ columns: string }>(
    db,
    sql`select json_build_array(
        json_agg(date_part('epoch', date_trunc('milliseconds', ts)) * 1000),
        json_agg(backfilled)${sql.join(values)})::text as columns
      from (
        select ${readings.ts}, ${readings.backfilled}${metrics.length > 0 ? sql`, ${columns}` : sql``}
        from ${readings}
        where ${readings.deviceId} = ${deviceId} and ${readings.ts} >= ${from} and ${readings.ts} <= ${to}
        order by ${readings.ts}
      ) as ordered`,
  );
  const [ts, backfilled, ...parsed] = JSON.parse(row?.columns ?? '[]') as [
    number[] | null,
    boolean[] | null,
    ...((number | null)[] | null)[],
  ];
  return {
    ts: (ts ?? []).map(Math.round),
    backfilled: backfilled ?? [],
    values: metrics.map((_, i) => parsed[i] ?? []),
  };
}

/** Up to `limit` readings after `after` (exclusive) and up to `to`, oldest first: one page of an export. */
export async function readingsPage(
  db: Executor,
  deviceId: string,
  after: Date,
  inclusive: boolean,
  to: Date,
  limit: number,
): Promise<RawReading[]> {
  const start = inclusive ? gte(readings.ts, after) : sql`${readings.ts} > ${after}`;
  const rows = await db
    .select(rawColumns)
    .from(readings)
    .where(and(eq(readings.deviceId, deviceId), start, lte(readings.ts, to)))
    .orderBy(asc(readings.ts))
    .limit(limit);
  return rows;
}

const rollupTables: Record<RollupSource, PgTable> = {
  '1m': readingRollups1m,
  '10m': readingRollups10m,
  '1h': readingRollups1h,
  '6h': readingRollups6h,
  '1d': readingRollups1d,
};
const sourceMs: Record<RollupSource, number> = {
  '1m': 60_000,
  '10m': 600_000,
  '1h': 3_600_000,
  '6h': 21_600_000,
  '1d': 86_400_000,
};

/** The SQL that maps a rollup's `bucket` to the start of its chart bucket (as history-buckets does). */
function bucketExpression(plan: BucketPlan): SQL {
  if (plan.days === 0) {
    if (plan.widthMs === sourceMs[plan.source]) return sql`bucket`;
    return sql`date_bin(make_interval(secs => ${plan.widthMs / 1000}), bucket, timestamptz '2000-01-01 00:00:00+00')`;
  }
  return sql`(date_bin(make_interval(days => ${plan.days}), bucket at time zone ${plan.timezone},
    timestamp '2000-01-03 00:00:00') at time zone ${plan.timezone})`;
}

/** What a chart's range holds, for choosing raw readings or buckets (chartProfile). */
export type ChartProfile = {
  /** Readings per metric in the rollups of the plan's level. */
  counts: Map<string, number>;
  /** The readings from the newest counted bucket on (at most the limit asked for). */
  recent: { count: number; metrics: Set<MetricKey> };
};

/**
 * What the chart of [from, to] holds at `plan`'s level: how many readings each metric has in
 * the rollups whose buckets start in [lo, to] (a walk of the level's index, one small row per
 * metric), and how many readings there are from the newest of those buckets on (from `from`
 * when none) and which metrics they carry. The rollups count a reading only once the follow-up
 * has run (follow-up.ts, after the acknowledgement) and the rollup writer has added its
 * round's deltas (rollup-writer.ts, about two seconds later), while a chart is asked for as
 * soon as a reading shows live: those newest readings are read by the primary key, at most
 * `recentLimit` of them, so that none stored is left off the chart for want of a rollup. The
 * newest bucket may be counted in part (its other readings' deltas still pending): its readings
 * are read from its start, so none of them is left off either.
 */
export async function chartProfile(
  db: Executor,
  deviceId: string,
  plan: BucketPlan,
  range: { lo: Date; from: Date; to: Date },
  recentLimit: number,
): Promise<ChartProfile> {
  const columns = sql.join(
    metricKeys.map((key) => metricColumns[key]),
    sql`, `,
  );
  const present = sql.join(
    metricKeys.map((key) => sql`count(${sql.identifier(key)})::int`),
    sql`, `,
  );
  const [row] = await queryRows<{ counts: string | null; recent: number[] | null }>(
    db,
    sql`with counted as (
        select metric, sum(count)::float8 as n, max(bucket) as newest
        from ${rollupTables[plan.source]}
        where device_id = ${deviceId} and metric = any(${sql.param([...metricKeys])}::text[])
          and bucket >= ${range.lo} and bucket <= ${range.to}
        group by metric
      ),
      recent as (
        select ${columns} from ${readings}
        where ${readings.deviceId} = ${deviceId}
          and ${readings.ts} >= greatest(${range.from}::timestamptz, (select max(newest) from counted))
          and ${readings.ts} <= ${range.to}
        order by ${readings.ts}
        limit ${recentLimit}
      )
      select (select json_object_agg(metric, n) from counted)::text as counts,
        (select array[count(*)::int, ${present}] from recent) as recent`,
  );
  const counts = JSON.parse(row?.counts ?? '{}') as Record<string, number>;
  const [count = 0, ...perMetric] = row?.recent ?? [];
  return {
    counts: new Map(Object.entries(counts)),
    recent: {
      count,
      metrics: new Set(metricKeys.filter((_, i) => (perMetric[i] ?? 0) > 0)),
    },
  };
}

/** Chart buckets, a column each (one entry per bucket and metric), in no particular order. */
export type BucketColumns = {
  /** The bucket's start in ms since the epoch. */
  ts: number[];
  metric: string[];
  avg: number[];
  min: number[];
  max: number[];
};

/**
 * min/avg/max per chart bucket and metric over the rollups whose buckets start in [lo, to];
 * avg = sum(sum) / sum(count), so it weighs every reading once. The answer is one JSON
 * document of columns (see chartColumns); the metric list lets the primary key (device_id,
 * metric, bucket) bound the scan on all three columns.
 */
export async function rollupBuckets(
  db: Executor,
  deviceId: string,
  plan: BucketPlan,
  lo: Date,
  to: Date,
): Promise<BucketColumns> {
  // Bucket starts are whole seconds, so date_part (float, unlike numeric extract()) is exact.
  const [row] = await queryRows<{ columns: string }>(
    db,
    sql`select json_build_array(json_agg(date_part('epoch', bucket) * 1000), json_agg(metric),
        json_agg(avg::real), json_agg(min::real), json_agg(max::real))::text as columns
      from (
        select ${bucketExpression(plan)} as bucket, metric, sum(sum) / sum(count) as avg,
          min(min) as min, max(max) as max
        from ${rollupTables[plan.source]}
        where device_id = ${deviceId} and metric = any(${sql.param([...metricKeys])}::text[])
          and bucket >= ${lo} and bucket <= ${to}
        group by 1, 2) as buckets`,
  );
  const [ts, metric, avg, min, max] = JSON.parse(row?.columns ?? '[]') as [
    number[] | null,
    string[] | null,
    number[] | null,
    number[] | null,
    number[] | null,
  ];
  return { ts: ts ?? [], metric: metric ?? [], avg: avg ?? [], min: min ?? [], max: max ?? [] };
}

/** The first reading of each `windowMs` window of [from, to] (every reading when 0), newest first. */
function windowFirsts(deviceId: string, from: Date, to: Date, windowMs: number): SQL {
  const window =
    windowMs > 0
      ? sql`date_bin(make_interval(secs => ${windowMs / 1000}), ${readings.ts}, timestamptz '1970-01-01 00:00:00+00')`
      : sql`${readings.ts}`;
  return sql`select min(${readings.ts}) as ts from ${readings}
    where ${readings.deviceId} = ${deviceId} and ${readings.ts} >= ${from} and ${readings.ts} <= ${to}
    group by ${window}`;
}

/** One page of the raw table (newest first, one reading per window) and how many rows all pages hold. */
export async function rawTablePage(
  db: Executor,
  deviceId: string,
  range: { from: Date; to: Date; windowMs: number },
  page: { offset: number; limit: number },
): Promise<{ rows: RawReading[]; total: number }> {
  const firsts = windowFirsts(deviceId, range.from, range.to, range.windowMs);
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${firsts}) as firsts`,
  );
  const listed = sql`select ts from (${firsts}) as firsts order by ts desc
    limit ${page.limit} offset ${page.offset}`;
  const rows = await db
    .select(rawColumns)
    .from(readings)
    .where(and(eq(readings.deviceId, deviceId), sql`${readings.ts} in (${listed})`))
    .orderBy(sql`${readings.ts} desc`);
  return { rows: rows, total: counted?.total ?? 0 };
}

export type MetricSummary = {
  metric: MetricKey;
  count: number;
  min: number;
  max: number;
  mean: number;
};

/** How many readings [from, to] holds, and count/min/max/mean of each metric present (one scan). */
export async function readingsSummary(
  db: Executor,
  deviceId: string,
  from: Date,
  to: Date,
): Promise<{ total: number; metrics: MetricSummary[] }> {
  const aggregates = metricKeys.map((key) => {
    const column = metricColumns[key];
    return sql`count(${column})::float8, min(${column})::float8, max(${column})::float8, avg(${column})::float8`;
  });
  const [row] = await queryRows<{ summary: (number | null)[] }>(
    db,
    sql`select array[count(*)::float8, ${sql.join(aggregates, sql`, `)}] as summary
    from ${readings}
    where ${readings.deviceId} = ${deviceId} and ${readings.ts} >= ${from} and ${readings.ts} <= ${to}`,
  );
  const values = row?.summary ?? [];
  const metrics = metricKeys.flatMap((metric, i): MetricSummary[] => {
    const [count, min, max, mean] = values.slice(1 + i * 4, 5 + i * 4);
    if (!count || min == null || max == null || mean == null) return [];
    return [{ metric, count, min, max, mean }];
  });
  return { total: values[0] ?? 0, metrics };
}

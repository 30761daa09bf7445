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
 * column per requested metric (same order), in time order; and which metrics the readings
 * from `recentFrom` on carry (`present`, every metric's, those the rollups may not count yet).
 */
export type ChartColumns = {
  ts: number[];
  backfilled: boolean[];
  values: (number | null)[][];
  present: Set<MetricKey>;
};

/**
 * The first `limit` readings of [from, to] with the values of `metrics` only, in time order,
 * and the metrics present from `recentFrom` on (at most `limit` readings of them looked at:
 * more than that many are more than a chart draws). One JSON document of columns: PGlite pays
 * dearly for every result row, and an aggregate per column settles its JSON type once where
 * json_build_array per row does so for every value. The rows are read in the primary key's
 * order, so that the plan is an index range scan of the device (a sort would be the
 * alternative, never a scan of the table), and every bound is a constant, so that the planner
 * leaves out the months outside the range.
 */
export async function chartColumns(
  db: Executor,
  deviceId: string,
  range: { from: Date; to: Date; recentFrom: Date },
  metrics: readonly MetricKey[],
  limit: number,
): Promise<ChartColumns> {
  const values = metrics.map((key) => sql`, json_agg(${sql.identifier(key)})`);
  const columns = sql.join(
    metrics.map((key) => metricColumns[key]),
    sql`, `,
  );
  const every = sql.join(
    metricKeys.map((key) => metricColumns[key]),
    sql`, `,
  );
  const counted = sql.join(
    metricKeys.map((key) => sql`count(${sql.identifier(key)})::int`),
    sql`, `,
  );
  // date_part is float arithmetic (extract() is numeric, several times slower); truncated to the
  // millisecond first, it is within a rounding error of a whole number, which Math.round restores.
  const [row] = await queryRows<{ columns: string; present: number[] }>(
    db,
    sql`select json_build_array(
        json_agg(date_part('epoch', date_trunc('milliseconds', ts)) * 1000),
        json_agg(backfilled)${sql.join(values)})::text as columns,
      (select array[${counted}] from (
        select ${every} from ${readings}
        where ${readings.deviceId} = ${deviceId} and ${readings.ts} >= ${range.recentFrom}
          and ${readings.ts} <= ${range.to}
        limit ${limit}) as recent) as present
      from (
        select ${readings.ts}, ${readings.backfilled}${metrics.length > 0 ? sql`, ${columns}` : sql``}
        from ${readings}
        where ${readings.deviceId} = ${deviceId} and ${readings.ts} >= ${range.from} and ${readings.ts} <= ${range.to}
        order by ${readings.ts}
        limit ${limit}
      ) as ordered`,
  );
  const [ts, backfilled, ...parsed] = JSON.parse(row?.columns ?? '[]') as [
    number[] | null,
    boolean[] | null,
    ...((number | null)[] | null)[],
  ];
  const present = row?.present ?? [];
  return {
    ts: (ts ?? []).map(Math.round),
    backfilled: backfilled ?? [],
    values: metrics.map((_, i) => parsed[i] ?? []),
    present: new Set(metricKeys.filter((_, i) => (present[i] ?? 0) > 0)),
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
    return sql`date_bin(make_interval(secs => ${plan.widthMs / 1000}), bucket, timestamptz '2000-01-01 00:00:00+00')`;
  }
  return sql`(date_bin(make_interval(days => ${plan.days}), bucket at time zone ${plan.timezone},
    timestamp '2000-01-03 00:00:00') at time zone ${plan.timezone})`;
}

/** What the rollups hold of a chart's range, for choosing raw readings or buckets (rollupCounts). */
export type RollupCounts = {
  /** Readings per metric in the rollups of the range. */
  counts: Map<string, number>;
  /** The start of the newest bucket counted (undefined: none). */
  newest: Date | undefined;
};

/**
 * The parts of [lo, to] a chart's readings are counted in: whole UTC days from the daily
 * rollups, the ends from the plan's level. Every level's buckets start at a UTC day boundary
 * plus whole widths that divide a day, so a day holds exactly its finer buckets and the sum is
 * the same as over the plan's level alone, from a row per day instead of up to 144 (a year at
 * 6 h: 1,095 rows instead of 4,380). Without `days` (the daily level is past its retention, or is
 * the plan's level) the whole range is counted at the plan's level.
 */
function countedParts(
  source: RollupSource,
  range: { lo: Date; to: Date; days: boolean },
): { table: PgTable; from: Date; to: Date; inclusive: boolean }[] {
  const whole = { table: rollupTables[source], from: range.lo, to: range.to, inclusive: true };
  const first = Math.ceil(range.lo.getTime() / sourceMs['1d']) * sourceMs['1d'];
  const end = Math.floor(range.to.getTime() / sourceMs['1d']) * sourceMs['1d'];
  if (!range.days || source === '1d' || end <= first) return [whole];
  return [
    { ...whole, to: new Date(first), inclusive: false },
    { table: rollupTables['1d'], from: new Date(first), to: new Date(end), inclusive: false },
    { ...whole, from: new Date(end) },
  ];
}

/**
 * How many readings each metric has in the rollups of `plan`'s level whose buckets start in
 * [lo, to] (walks of the level's index for the ends and of the daily one for the days between,
 * one small row per metric and part: countedParts), and the newest bucket counted. The rollups
 * count a reading only once the follow-up has run (follow-up.ts, after the acknowledgement) and
 * the rollup writer has added its round's deltas (rollup-writer.ts, 2-10 s later, every level of
 * a device in one transaction), while a chart is asked for as soon as a reading
 * shows live: the chart reads the readings from the newest bucket's start on itself
 * (chartColumns), so that none stored is left off for want of a rollup. Rollups only: no
 * partition of the readings is planned.
 */
export async function rollupCounts(
  db: Executor,
  deviceId: string,
  source: RollupSource,
  range: { lo: Date; to: Date; days: boolean },
): Promise<RollupCounts> {
  const parts = countedParts(source, range).map(
    (part) => sql`select metric, sum(count) as n, max(bucket) as newest
      from ${part.table}
      where device_id = ${deviceId} and metric = any(${sql.param([...metricKeys])}::text[])
        and bucket >= ${part.from} and bucket ${part.inclusive ? sql`<=` : sql`<`} ${part.to}
      group by metric`,
  );
  const [row] = await queryRows<{ counts: string | null; newest: string | null }>(
    db,
    sql`select json_object_agg(metric, n)::text as counts,
        (date_part('epoch', max(newest)) * 1000)::float8 as newest
      from (select metric, sum(n)::float8 as n, max(newest) as newest
        from (${sql.join(parts, sql` union all `)}) as parts
        group by metric) as counted`,
  );
  const counts = JSON.parse(row?.counts ?? '{}') as Record<string, number>;
  const newest = row?.newest == null ? undefined : new Date(Number(row.newest));
  return { counts: new Map(Object.entries(counts)), newest };
}

/** One metric's chart buckets, a column each, in no particular order. */
export type MetricBuckets = {
  metric: string;
  /** The bucket's start in ms since the epoch. */
  ts: number[];
  avg: number[];
  min: number[];
  max: number[];
};

/**
 * min/avg/max per chart bucket of each metric over the rollups whose buckets start in [lo, to];
 * avg = sum(sum) / sum(count), so it weighs every reading once. When the chart's buckets are the
 * level's own (a year at 6 h), each rollup row is a bucket and nothing is grouped. The answer is
 * a JSON document of columns per metric (see chartColumns): the metric is named once, not on
 * every bucket. The metric list lets the primary key (device_id, metric, bucket) bound the scan
 * on all three columns.
 */
export async function rollupBuckets(
  db: Executor,
  deviceId: string,
  plan: BucketPlan,
  lo: Date,
  to: Date,
): Promise<MetricBuckets[]> {
  const where = sql`device_id = ${deviceId} and metric = any(${sql.param([...metricKeys])}::text[])
    and bucket >= ${lo} and bucket <= ${to}`;
  const table = rollupTables[plan.source];
  const own = plan.days === 0 && plan.widthMs === sourceMs[plan.source];
  const buckets = own
    ? sql`select bucket, metric, sum / count as avg, min, max from ${table} where ${where}`
    : sql`select ${bucketExpression(plan)} as bucket, metric, sum(sum) / sum(count) as avg,
          min(min) as min, max(max) as max
        from ${table} where ${where} group by 1, 2`;
  // Bucket starts are whole seconds, so date_part (float, unlike numeric extract()) is exact.
  const rows = await queryRows<{ metric: string; columns: string }>(
    db,
    sql`select metric, json_build_array(json_agg(date_part('epoch', bucket) * 1000),
        json_agg(avg::real), json_agg(min::real), json_agg(max::real))::text as columns
      from (${buckets}) as buckets group by metric`,
  );
  return rows.map((row) => {
    const [ts, avg, min, max] = JSON.parse(row.columns) as [number[], number[], number[], number[]];
    return { metric: row.metric, ts, avg, min, max };
  });
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

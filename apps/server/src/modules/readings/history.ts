import { metricKeys, type graphQuery, type MetricKey, type rawQuery } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import {
  bucketFloor,
  chooseResolution,
  maxPoints,
  planBuckets,
  withBucketGaps,
  withRawGaps,
  type BucketPlan,
  type RollupSource,
  type SeriesPoint,
} from './history-buckets.js';
import { ownAccount, type Scope } from '../../lib/scope.js';
import * as repo from './history-repo.js';
import { formatLocal } from '../../lib/time-zone.js';
import { dayMs, minuteMs } from '../../lib/durations.js';
import { isoFormatter } from './history-time.js';

type GraphQuery = z.output<typeof graphQuery>;
type RawQuery = z.output<typeof rawQuery>;

/**
 * A device the caller may read: one of their account's, and for a `user` one assigned to
 * them; anything else is 404. A platform administrator has no account, so no device data (403).
 */
export async function readableDevice(
  db: Executor,
  scope: Scope,
  id: string,
): Promise<repo.DeviceRef> {
  const own = ownAccount(scope);
  const device = await repo.findDevice(db, own.accountId, id, own.assignedTo ?? undefined);
  if (!device) throw notFound();
  return device;
}

export type GraphRange = { from: Date; to: Date; timezone: string };
export type GraphPoint = Record<string, string | number | boolean | null>;
export type Graph = { points: GraphPoint[]; bucket: string; from: string; to: string };

const presentMetrics = (rows: repo.RawReading[]): MetricKey[] =>
  metricKeys.filter((key) => rows.some((row) => row[key] !== null));

/** The series keys of a bucketed metric: the average under its own name, then min and max. */
const bucketKeysOf = new Map<string, readonly [string, string, string]>(
  metricKeys.map((key) => [key, [key, `${key}_min`, `${key}_max`]]),
);

function nullValues(keys: readonly string[]): SeriesPoint['values'] {
  const values: SeriesPoint['values'] = {};
  for (const key of keys) values[key] = null;
  return values;
}

/** The reply's points: `ts` as ISO text, then every series key (all points share them), then `backfilled`. */
function toPointRecords(points: readonly SeriesPoint[]): GraphPoint[] {
  const keys = Object.keys(points[0]?.values ?? {});
  // Copies of one template share its shape, so filling them is cheap (a chart has ~1,500).
  const template: GraphPoint = { ts: '' };
  for (const key of keys) template[key] = null;
  const iso = isoFormatter();
  return points.map((point) => {
    const record = { ...template };
    record.ts = iso(point.ts);
    for (const key of keys) record[key] = point.values[key] ?? null;
    if (point.backfilled) record.backfilled = true;
    return record;
  });
}

const byTime = (a: SeriesPoint, b: SeriesPoint) => a.ts - b.ts;

const sameInstants = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((instant, i) => instant === b[i]);

/**
 * The first `limit` raw readings of the range with the `metrics` the rollups count, and with any
 * other that the readings since the newest counted bucket carry (not rolled up yet: read again
 * with them, which is rare); metrics still without a value are left out.
 */
async function rawSeries(
  db: Executor,
  deviceId: string,
  range: GraphRange & { recentFrom: Date },
  counted: readonly MetricKey[],
  limit: number,
): Promise<SeriesPoint[]> {
  let metrics = counted;
  let read = await repo.chartColumns(db, deviceId, range, metrics, limit);
  if ([...read.present].some((key) => !metrics.includes(key))) {
    metrics = metricKeys.filter((key) => counted.includes(key) || read.present.has(key));
    read = await repo.chartColumns(db, deviceId, range, metrics, limit);
  }
  const { ts, backfilled, values } = read;
  const columns = metrics
    .map((key, i) => ({ key, column: values[i] ?? [] }))
    .filter(({ column }) => column.some((value) => value !== null));
  const points = ts.map((instant, i): SeriesPoint => {
    const pointValues: SeriesPoint['values'] = {};
    for (const { key, column } of columns) pointValues[key] = column[i] ?? null;
    return backfilled[i]
      ? { ts: instant, values: pointValues, backfilled: true }
      : { ts: instant, values: pointValues };
  });
  // Usually in time order already (an index scan), and then sorting is a single pass.
  points.sort(byTime);
  return withRawGaps(
    points,
    columns.map(({ key }) => key),
  );
}

/** A bucketed series and the metrics that have readings in it. */
export type BucketedSeries = { points: SeriesPoint[]; metrics: MetricKey[] };

/** min/avg/max buckets of `plan` over the range, from the rollups; `<metric>` is the average. */
export async function bucketSeries(
  db: Executor,
  deviceId: string,
  plan: BucketPlan,
  range: GraphRange,
): Promise<SeriesPoint[]> {
  return (await bucketedSeries(db, deviceId, plan, range)).points;
}

async function bucketedSeries(
  db: Executor,
  deviceId: string,
  plan: BucketPlan,
  range: GraphRange,
): Promise<BucketedSeries> {
  const lo = new Date(bucketFloor(range.from.getTime(), plan));
  const columns = (await repo.rollupBuckets(db, deviceId, plan, lo, range.to)).filter((entry) =>
    bucketKeysOf.has(entry.metric),
  );
  const present = new Set(columns.map((entry) => entry.metric));
  const metrics = metricKeys.filter((key) => present.has(key));
  const keys = metrics.flatMap((key) => bucketKeysOf.get(key) ?? []);
  // Metrics usually have the same buckets in the same order: those of the first are the points,
  // and the others fill them by position; a metric with other buckets finds them by time.
  const points: SeriesPoint[] = [];
  const first = columns[0]?.ts ?? [];
  let byBucket: Map<number, SeriesPoint> | undefined;
  const pointAt = (start: number): SeriesPoint => {
    byBucket ??= new Map(points.map((point) => [point.ts, point]));
    let point = byBucket.get(start);
    if (!point) {
      point = { ts: start, values: nullValues(keys) };
      byBucket.set(start, point);
      points.push(point);
    }
    return point;
  };
  for (const { metric, ts, avg, min, max } of columns) {
    const names = bucketKeysOf.get(metric);
    if (!names) continue;
    const aligned = ts === first || sameInstants(ts, first);
    ts.forEach((start, i) => {
      let point = aligned ? points[i] : pointAt(start);
      if (!point) {
        point = { ts: start, values: nullValues(keys) };
        points[i] = point;
      }
      point.values[names[0]] = avg[i] ?? null;
      point.values[names[1]] = min[i] ?? null;
      point.values[names[2]] = max[i] ?? null;
    });
  }
  return { points: withBucketGaps(points.sort(byTime), keys, plan), metrics };
}

/** Whether each rollup level still holds an instant (its retention: config.ts). */
export type RollupKept = (source: RollupSource, fromMs: number) => boolean;

/**
 * The chart of one device over a range: raw readings when they fit in `maxPoints`, else
 * min/avg/max buckets (history-buckets.ts plans them). The rollup level the range is drawn at
 * says first how many readings it holds (rollups only: a few pages whatever the table holds);
 * when they fit, the raw rows are read by the primary key, at most one more than fit, with the
 * readings since the level's newest bucket, which the follow-up and the rollup writer may not
 * have rolled up yet: more rows than fit, or more points with the gaps, and the chart is that
 * level's buckets. No query walks the readings table beyond the range, and none asks for more
 * rows than it draws. Values are as stored: Celsius.
 */
export async function graphOf(
  db: Executor,
  deviceId: string,
  range: GraphRange,
  options: { now: Date; rawRetentionDays: number; kept?: RollupKept },
): Promise<Graph> {
  const rangeMs = range.to.getTime() - range.from.getTime();
  const rawRetained =
    range.from.getTime() >= options.now.getTime() - options.rawRetentionDays * dayMs;
  const fromMs = range.from.getTime();
  const plan = planBuckets(rangeMs, range.timezone, (source) =>
    options.kept ? options.kept(source, fromMs) : true,
  );
  if (!plan) throw badRequest('rangeTooLong', 'to');
  const reply = (points: SeriesPoint[], bucket: string): Graph => ({
    points: toPointRecords(points),
    bucket,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
  });
  if (rawRetained) {
    const { counts, newest } = await repo.rollupCounts(db, deviceId, plan.source, {
      lo: new Date(bucketFloor(fromMs, plan)),
      to: range.to,
      days: options.kept ? options.kept('1d', fromMs) : true,
    });
    const resolution = chooseResolution({
      rangeMs,
      rawCount: Math.max(0, ...counts.values()),
      rawRetained,
      timezone: range.timezone,
    });
    if (resolution?.kind === 'raw') {
      const recentFrom = newest && newest > range.from ? newest : range.from;
      const counted = metricKeys.filter((key) => counts.has(key));
      const points = await rawSeries(
        db,
        deviceId,
        { ...range, recentFrom },
        counted,
        maxPoints + 1,
      );
      // Gap markers count as points too: a very gappy series falls back to buckets.
      if (points.length <= maxPoints) return reply(points, 'raw');
    }
  }
  const buckets = await bucketedSeries(db, deviceId, plan, range);
  return reply(buckets.points, plan.width);
}

/** Each rollup level's retention in days (undefined: kept for good), as a `kept` test. */
export function rollupKept(
  retention: Partial<Record<RollupSource, number>>,
  now: Date,
): RollupKept {
  return (source, fromMs) => {
    const days = retention[source];
    return days === undefined || fromMs >= now.getTime() - days * dayMs;
  };
}

export async function graph(
  ctx: AppContext,
  scope: Scope,
  id: string,
  query: GraphQuery,
): Promise<Graph> {
  const device = await readableDevice(ctx.db, scope, id);
  return graphOf(
    ctx.db,
    device.id,
    { from: new Date(query.from), to: new Date(query.to), timezone: query.timezone },
    {
      now: new Date(),
      rawRetentionDays: ctx.config.rawRetentionDays,
      kept: rollupKept(ctx.config.rollupRetentionDays, new Date()),
    },
  );
}

/**
 * The raw-data table: newest first, at most one row per `timeDiff` minutes (the first
 * reading of each window), with the metrics the page's readings have.
 */
export async function rawTable(ctx: AppContext, scope: Scope, id: string, query: RawQuery) {
  const device = await readableDevice(ctx.db, scope, id);
  const { rows, total } = await repo.rawTablePage(
    ctx.db,
    device.id,
    {
      from: new Date(query.from),
      to: new Date(query.to),
      windowMs: Math.round(query.timeDiff * minuteMs),
    },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  const keys = presentMetrics(rows);
  const list = rows.map((row) => ({
    ts: row.ts.toISOString(),
    time: formatLocal(row.ts.getTime(), query.timezone),
    backfilled: row.backfilled,
    ...Object.fromEntries(keys.map((key) => [key, row[key]])),
  }));
  const totalPages = Math.max(1, Math.ceil(total / query.pageSize));
  return {
    list,
    meta: {
      pagination: {
        page: query.page,
        pageSize: query.pageSize,
        total,
        totalPages,
        currentPage: query.page,
      },
    },
  };
}

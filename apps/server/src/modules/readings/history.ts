import { metricKeys, type graphQuery, type MetricKey, type rawQuery } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import type { Actor } from '../../lib/actor.js';
import {
  bucketFloor,
  chooseResolution,
  maxPoints,
  planBuckets,
  withBucketGaps,
  withRawGaps,
  type BucketPlan,
  type SeriesPoint,
} from './history-buckets.js';
import * as repo from './history-repo.js';
import { dayMs, formatLocal, minuteMs } from './history-time.js';

type GraphQuery = z.output<typeof graphQuery>;
type RawQuery = z.output<typeof rawQuery>;

/**
 * A device the actor may read: one of their account's, and for a `user` one assigned to
 * them; anything else is 404. A platform administrator has no account, so no device data.
 */
export async function readableDevice(
  db: Executor,
  actor: Actor,
  id: string,
): Promise<repo.DeviceRef> {
  if (actor.role === 'super_admin' || actor.accountId === null) throw forbidden();
  const assignedTo = actor.role === 'user' ? actor.userId : undefined;
  const device = await repo.findDevice(db, actor.accountId, id, assignedTo);
  if (!device) throw notFound();
  return device;
}

export type GraphRange = { from: Date; to: Date; timezone: string };
export type GraphPoint = Record<string, string | number | boolean | null>;
export type Graph = { points: GraphPoint[]; bucket: string; from: string; to: string };

const presentMetrics = (rows: repo.RawReading[]): MetricKey[] =>
  metricKeys.filter((key) => rows.some((row) => row[key] !== null));

function toPointRecord(point: SeriesPoint): GraphPoint {
  return {
    ts: new Date(point.ts).toISOString(),
    ...point.values,
    ...(point.backfilled ? { backfilled: true } : {}),
  };
}

async function rawSeries(db: Executor, deviceId: string, range: GraphRange) {
  const rows = await repo.rawReadings(db, deviceId, range.from, range.to);
  const keys = presentMetrics(rows);
  const points = rows.map((row): SeriesPoint => ({
    ts: row.ts.getTime(),
    values: Object.fromEntries(keys.map((key) => [key, row[key]])),
    ...(row.backfilled ? { backfilled: true } : {}),
  }));
  return withRawGaps(points, keys);
}

/** min/avg/max buckets of `plan` over the range, from the rollups; `<metric>` is the average. */
export async function bucketSeries(
  db: Executor,
  deviceId: string,
  plan: BucketPlan,
  range: GraphRange,
): Promise<SeriesPoint[]> {
  const lo = new Date(bucketFloor(range.from.getTime(), plan));
  const rows = await repo.rollupBuckets(db, deviceId, plan, lo, range.to);
  const metrics = metricKeys.filter((key) => rows.some((row) => row.metric === key));
  const keys = metrics.flatMap((key) => [key, `${key}_min`, `${key}_max`]);
  const byBucket = new Map<number, SeriesPoint>();
  for (const row of rows) {
    const { ts } = row;
    let point = byBucket.get(ts);
    if (!point) {
      point = { ts, values: Object.fromEntries(keys.map((key) => [key, null])) };
      byBucket.set(ts, point);
    }
    point.values[row.metric] = row.avg;
    point.values[`${row.metric}_min`] = row.min;
    point.values[`${row.metric}_max`] = row.max;
  }
  const points = [...byBucket.values()].sort((a, b) => a.ts - b.ts);
  return withBucketGaps(points, keys, plan);
}

/**
 * The chart of one device over a range: raw readings when they fit in `maxPoints`, else
 * min/avg/max buckets (history-buckets.ts decides which). Values are as stored: Celsius.
 */
export async function graphOf(
  db: Executor,
  deviceId: string,
  range: GraphRange,
  options: { now: Date; rawRetentionDays: number },
): Promise<Graph> {
  const rangeMs = range.to.getTime() - range.from.getTime();
  const rawRetained =
    range.from.getTime() >= options.now.getTime() - options.rawRetentionDays * dayMs;
  const rawCount = rawRetained
    ? await repo.countReadingsUpTo(db, deviceId, range.from, range.to, maxPoints + 1)
    : maxPoints + 1;
  const resolution = chooseResolution({
    rangeMs,
    rawCount,
    rawRetained,
    timezone: range.timezone,
  });
  if (!resolution) throw badRequest('rangeTooLong', 'to');
  const reply = (points: SeriesPoint[], bucket: string): Graph => ({
    points: points.map(toPointRecord),
    bucket,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
  });
  if (resolution.kind === 'raw') {
    const points = await rawSeries(db, deviceId, range);
    // Gap markers count as points too: a very gappy series falls back to buckets.
    if (points.length <= maxPoints) return reply(points, 'raw');
  }
  const plan = planBuckets(rangeMs, range.timezone);
  if (!plan) throw badRequest('rangeTooLong', 'to');
  return reply(await bucketSeries(db, deviceId, plan, range), plan.width);
}

export async function graph(
  ctx: AppContext,
  actor: Actor,
  id: string,
  query: GraphQuery,
): Promise<Graph> {
  const device = await readableDevice(ctx.db, actor, id);
  return graphOf(
    ctx.db,
    device.id,
    { from: new Date(query.from), to: new Date(query.to), timezone: query.timezone },
    { now: new Date(), rawRetentionDays: ctx.config.rawRetentionDays },
  );
}

/**
 * The raw-data table: newest first, at most one row per `timeDiff` minutes (the first
 * reading of each window), with the metrics the page's readings have.
 */
export async function rawTable(ctx: AppContext, actor: Actor, id: string, query: RawQuery) {
  const device = await readableDevice(ctx.db, actor, id);
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

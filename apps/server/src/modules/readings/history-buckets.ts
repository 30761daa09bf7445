import { isUtcZone, localDayNumber, startOfLocalDay } from '../../lib/time-zone.js';
import { dayMs, hourMs, minuteMs } from '../../lib/durations.js';

/**
 * How a history range is drawn (pure; DESIGN.md 5): raw readings when they fit, else the
 * finest bucket width that keeps a series within `maxPoints`. The widths are the rollup
 * levels themselves (rollup-levels.ts), so a chart reads one rollup row per point and metric
 * and never aggregates more rows than it draws; only local days (a zone that is not UTC) are
 * summed from hourly rollups.
 */
export const maxPoints = 1500;

export const bucketWidths = [
  { label: '1m', ms: minuteMs },
  { label: '10m', ms: 10 * minuteMs },
  { label: '1h', ms: hourMs },
  { label: '6h', ms: 6 * hourMs },
  { label: '1d', ms: dayMs },
  { label: '7d', ms: 7 * dayMs },
] as const;
export type BucketWidth = (typeof bucketWidths)[number]['label'];

/** The longest range a chart can show: 1,500 weekly buckets (about 28 years). */
export const maxRangeMs = maxPoints * 7 * dayMs;

export type RollupSource = '1m' | '10m' | '1h' | '6h' | '1d';

/**
 * Sub-day buckets (`days` = 0) are fixed widths counted from 2000-01-01T00:00Z (every
 * width divides a day, so they fall on whole minutes and hours of UTC). Day buckets are
 * calendar days in `timezone`, counted from Monday 2000-01-03 (so weeks start on Mondays):
 * 23 or 25 hours long on daylight-saving days.
 */
export type BucketPlan = {
  width: BucketWidth;
  widthMs: number;
  days: number;
  source: RollupSource;
  timezone: string;
};

export type Resolution = { kind: 'raw' } | ({ kind: 'buckets' } & BucketPlan);

const subDayOrigin = Date.UTC(2000, 0, 1);
/** Day number (since 1970-01-01) of Monday 2000-01-03, where multi-day buckets start. */
export const dayOriginNumber = Math.round(Date.UTC(2000, 0, 3) / dayMs);

/** The smallest width with range / width <= maxPoints; undefined for a range beyond `maxRangeMs`. */
export function bucketWidthFor(rangeMs: number): (typeof bucketWidths)[number] | undefined {
  return bucketWidths.find((width) => rangeMs / width.ms <= maxPoints);
}

/**
 * The bucket plan for a range. Sub-day widths read their own rollup level. Days are the
 * requested timezone's days, summed from hourly rollups (an hour belongs to the day it starts
 * in: exact for zones with whole-hour offsets, to the half hour for the others); the UTC daily
 * rollups serve zones that are UTC all year. `kept` says whether a level still holds the
 * range's start (rollup-retention.ts): a level past its retention gives way to a coarser one.
 */
export function planBuckets(
  rangeMs: number,
  timezone: string,
  kept: (source: RollupSource) => boolean = () => true,
): BucketPlan | undefined {
  const first = bucketWidths.findIndex((width) => rangeMs / width.ms <= maxPoints);
  if (first < 0) return undefined;
  const utc = isUtcZone(timezone);
  for (const width of bucketWidths.slice(first)) {
    if (width.ms < dayMs) {
      const source = width.label as RollupSource;
      if (kept(source)) return { width: width.label, widthMs: width.ms, days: 0, source, timezone };
      continue;
    }
    const local = !utc && kept('1h');
    return {
      width: width.label,
      widthMs: width.ms,
      days: width.ms / dayMs,
      source: local ? '1h' : '1d',
      timezone: local ? timezone : 'UTC',
    };
  }
  return undefined;
}

/**
 * Raw readings when the range still has them (younger than the raw retention) and holds at
 * most `maxPoints` of them; buckets otherwise.
 */
export function chooseResolution(input: {
  rangeMs: number;
  rawCount: number;
  rawRetained: boolean;
  timezone: string;
}): Resolution | undefined {
  if (input.rawRetained && input.rawCount <= maxPoints) return { kind: 'raw' };
  const plan = planBuckets(input.rangeMs, input.timezone);
  return plan && { kind: 'buckets', ...plan };
}

/** The number of the bucket `instant` falls in (consecutive buckets have consecutive numbers). */
export function bucketIndex(instant: number, plan: BucketPlan): number {
  if (plan.days === 0) return Math.floor((instant - subDayOrigin) / plan.widthMs);
  return Math.floor((localDayNumber(instant, plan.timezone) - dayOriginNumber) / plan.days);
}

/** The instant bucket `index` begins. */
export function bucketStart(index: number, plan: BucketPlan): number {
  if (plan.days === 0) return subDayOrigin + index * plan.widthMs;
  return startOfLocalDay(dayOriginNumber + index * plan.days, plan.timezone);
}

/** The start of the bucket holding `instant`. */
export function bucketFloor(instant: number, plan: BucketPlan): number {
  return bucketStart(bucketIndex(instant, plan), plan);
}

/** A chart point: its time, a value per series key, and whether a raw reading came late. */
export type SeriesPoint = {
  ts: number;
  values: Record<string, number | null>;
  backfilled?: boolean;
};

/**
 * Gaps are drawn as gaps: where `isGap` says two neighbours are too far apart, a point with
 * every value null goes between them at `gapAt(previous)`. Nothing is interpolated.
 */
export function withGaps(
  points: SeriesPoint[],
  keys: readonly string[],
  isGap: (previous: SeriesPoint, next: SeriesPoint) => boolean,
  gapAt: (previous: SeriesPoint) => number,
): SeriesPoint[] {
  const nulls = Object.fromEntries(keys.map((key) => [key, null]));
  const result: SeriesPoint[] = [];
  points.forEach((point, i) => {
    const previous = points[i - 1];
    if (previous && isGap(previous, point)) result.push({ ts: gapAt(previous), values: nulls });
    result.push(point);
  });
  return result;
}

/** Bucketed series: neighbours more than 3 buckets apart have a gap between them. */
export function withBucketGaps(
  points: SeriesPoint[],
  keys: readonly string[],
  plan: BucketPlan,
): SeriesPoint[] {
  // Each point's bucket once: for day buckets it is a timezone lookup.
  const indices = new Map(points.map((point) => [point.ts, bucketIndex(point.ts, plan)]));
  const indexOf = (point: SeriesPoint) => indices.get(point.ts) ?? bucketIndex(point.ts, plan);
  return withGaps(
    points,
    keys,
    (previous, next) => indexOf(next) - indexOf(previous) > 3,
    (previous) => bucketStart(indexOf(previous) + 1, plan),
  );
}

/** The median spacing of ascending timestamps; 0 with fewer than two. */
export function medianInterval(timestamps: readonly number[]): number {
  const intervals = timestamps.slice(1).map((ts, i) => ts - (timestamps[i] ?? ts));
  if (intervals.length === 0) return 0;
  intervals.sort((a, b) => a - b);
  const middle = Math.floor(intervals.length / 2);
  const upper = intervals[middle] ?? 0;
  return intervals.length % 2 === 1 ? upper : ((intervals[middle - 1] ?? upper) + upper) / 2;
}

/** Raw series: neighbours more than 3 median intervals apart have a gap between them. */
export function withRawGaps(points: SeriesPoint[], keys: readonly string[]): SeriesPoint[] {
  const median = medianInterval(points.map((point) => point.ts));
  if (median <= 0) return points;
  return withGaps(
    points,
    keys,
    (previous, next) => next.ts - previous.ts > 3 * median,
    (previous) => previous.ts + median,
  );
}

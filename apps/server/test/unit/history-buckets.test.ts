import { describe, expect, it } from 'vitest';
import {
  bucketFloor,
  bucketIndex,
  bucketStart,
  bucketWidthFor,
  chooseResolution,
  maxPoints,
  medianInterval,
  planBuckets,
  withBucketGaps,
  withRawGaps,
  type BucketPlan,
  type SeriesPoint,
} from '../../src/modules/readings/history-buckets.js';
import { formatLocal, offsetMs, startOfLocalDay } from '../../src/lib/time-zone.js';
import { isoFormatter } from '../../src/modules/readings/history-time.js';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const iso = (ms: number) => new Date(ms).toISOString();
const at = (text: string) => Date.parse(text);

describe('the bucket width of a range', () => {
  it.each([
    [0, '1m'],
    [60 * minute, '1m'],
    [24 * hour, '1m'],
    [1500 * minute, '1m'],
    [1500 * minute + 1, '10m'],
    [7 * day, '10m'],
    [1500 * 10 * minute, '10m'],
    [1500 * 10 * minute + 1, '1h'],
    [30 * day, '1h'],
    [1500 * hour, '1h'],
    [1500 * hour + 1, '6h'],
    [365 * day, '6h'],
    [366 * day, '6h'],
    [1500 * 6 * hour + 1, '1d'],
    [750 * day, '1d'],
    [1500 * day, '1d'],
    [1500 * day + 1, '7d'],
    [10_500 * day, '7d'],
  ])('%d ms -> %s (never more than 1,500 buckets)', (range, label) => {
    const width = bucketWidthFor(range);
    expect(width?.label).toBe(label);
    expect(range / (width?.ms ?? 1)).toBeLessThanOrEqual(maxPoints);
  });

  it('refuses a range that even weekly buckets cannot draw in 1,500 points', () => {
    expect(bucketWidthFor(10_500 * day + 1)).toBeUndefined();
    expect(planBuckets(10_500 * day + 1, 'Etc/UTC')).toBeUndefined();
  });

  it.each([
    [24 * hour, 'Europe/Vaduz', '1m', 'Europe/Vaduz'],
    [7 * day, 'Europe/Vaduz', '10m', 'Europe/Vaduz'],
    [30 * day, 'Europe/Vaduz', '1h', 'Europe/Vaduz'],
    [365 * day, 'Europe/Vaduz', '6h', 'Europe/Vaduz'],
    [1000 * day, 'Europe/Vaduz', '1h', 'Europe/Vaduz'],
    [1000 * day, 'Etc/UTC', '1d', 'UTC'],
    [5000 * day, 'UTC', '1d', 'UTC'],
  ])('reads %d ms in %s from the %s rollups (days of %s)', (range, zone, source, planZone) => {
    expect(planBuckets(range, zone)).toMatchObject({ source, timezone: planZone });
  });

  it('reads a coarser level where a finer one has passed its retention', () => {
    const expired = new Set(['1m', '10m']);
    const kept = (source: string) => !expired.has(source);
    expect(planBuckets(24 * hour, 'UTC', kept)).toMatchObject({ width: '1h', source: '1h' });
    expired.add('1h');
    expect(planBuckets(24 * hour, 'UTC', kept)).toMatchObject({ width: '6h', source: '6h' });
    // Local days need the hourly rollups: without them, UTC days.
    expect(planBuckets(1000 * day, 'Europe/Vaduz', kept)).toMatchObject({
      width: '1d',
      source: '1d',
      timezone: 'UTC',
    });
  });
});

describe('raw or buckets', () => {
  const base = { rangeMs: 6 * hour, timezone: 'Etc/UTC' };
  it('draws raw readings while they fit and are still kept', () => {
    expect(chooseResolution({ ...base, rawCount: 0, rawRetained: true })).toEqual({ kind: 'raw' });
    expect(chooseResolution({ ...base, rawCount: 1500, rawRetained: true })).toEqual({
      kind: 'raw',
    });
  });
  it('buckets beyond 1,500 readings, and where retention removed the raw rows', () => {
    expect(chooseResolution({ ...base, rawCount: 1501, rawRetained: true })).toMatchObject({
      kind: 'buckets',
      width: '1m',
    });
    expect(chooseResolution({ ...base, rawCount: 10, rawRetained: false })).toMatchObject({
      kind: 'buckets',
    });
  });
});

/** A plan of any width: the bucket arithmetic holds for widths that are not rollup levels too. */
const plan = (width: string, zone = 'Europe/Vaduz'): BucketPlan => {
  const widths: Record<string, number> = { '5m': 5 * minute, '6h': 6 * hour };
  const days = { '1d': 1, '2d': 2, '7d': 7 } as Record<string, number>;
  const dayCount = days[width] ?? 0;
  return {
    width: width as BucketPlan['width'],
    widthMs: dayCount ? dayCount * day : (widths[width] ?? minute),
    days: dayCount,
    source: dayCount ? '1h' : '1m',
    timezone: zone,
  };
};

describe('bucket boundaries', () => {
  it('puts sub-day buckets on whole UTC minutes and hours, start inclusive', () => {
    const fiveMinutes = plan('5m');
    expect(iso(bucketFloor(at('2025-01-01T10:09:59.999Z'), fiveMinutes))).toBe(
      '2025-01-01T10:05:00.000Z',
    );
    expect(iso(bucketFloor(at('2025-01-01T10:10:00.000Z'), fiveMinutes))).toBe(
      '2025-01-01T10:10:00.000Z',
    );
    expect(iso(bucketFloor(at('2025-01-01T05:59:59Z'), plan('6h')))).toBe(
      '2025-01-01T00:00:00.000Z',
    );
  });

  it('makes the spring-forward day in Vaduz 23 hours long', () => {
    const daily = plan('1d');
    const index = bucketIndex(at('2025-03-30T12:00:00Z'), daily);
    expect(iso(bucketStart(index, daily))).toBe('2025-03-29T23:00:00.000Z');
    expect(iso(bucketStart(index + 1, daily))).toBe('2025-03-30T22:00:00.000Z');
    expect(bucketIndex(at('2025-03-30T21:59:59.999Z'), daily)).toBe(index);
    expect(bucketIndex(at('2025-03-30T22:00:00Z'), daily)).toBe(index + 1);
    expect(bucketIndex(at('2025-03-29T22:59:59.999Z'), daily)).toBe(index - 1);
  });

  it('makes the fall-back day in Vaduz 25 hours long', () => {
    const daily = plan('1d');
    const index = bucketIndex(at('2025-10-26T12:00:00Z'), daily);
    expect(iso(bucketStart(index, daily))).toBe('2025-10-25T22:00:00.000Z');
    expect(iso(bucketStart(index + 1, daily))).toBe('2025-10-26T23:00:00.000Z');
    expect(bucketIndex(at('2025-10-26T22:59:59Z'), daily)).toBe(index);
  });

  it('starts weeks on Monday midnight and two-day buckets on a fixed grid', () => {
    expect(iso(bucketFloor(at('2025-03-30T12:00:00Z'), plan('7d')))).toBe(
      '2025-03-23T23:00:00.000Z',
    );
    expect(new Date(bucketFloor(at('2025-07-02T12:00:00Z'), plan('7d', 'UTC'))).getUTCDay()).toBe(
      1,
    );
    const twoDays = plan('2d', 'UTC');
    const start = bucketFloor(at('2025-07-02T12:00:00Z'), twoDays);
    expect([iso(start), iso(bucketStart(bucketIndex(start, twoDays) + 1, twoDays))]).toEqual([
      '2025-07-02T00:00:00.000Z',
      '2025-07-04T00:00:00.000Z',
    ]);
  });

  it('knows local clocks', () => {
    expect(offsetMs(at('2025-07-01T00:00:00Z'), 'Europe/Vaduz')).toBe(2 * hour);
    expect(offsetMs(at('2025-01-01T00:00:00Z'), 'Europe/Vaduz')).toBe(hour);
    expect(iso(startOfLocalDay(Math.floor(at('2025-03-30T00:00:00Z') / day), 'Asia/Kolkata'))).toBe(
      '2025-03-29T18:30:00.000Z',
    );
    expect(formatLocal(at('2025-10-26T00:30:00Z'), 'Europe/Vaduz')).toBe('2025-10-26 02:30:00');
    expect(formatLocal(at('2025-10-26T01:30:00Z'), 'Europe/Vaduz')).toBe('2025-10-26 02:30:00');
  });

  it('formats instants as Date.toISOString does, fractions of a millisecond dropped', () => {
    const instants = [
      0,
      1,
      999.9,
      -1,
      -1.5,
      day - 1,
      day,
      at('2024-02-29T23:59:59.999Z'),
      at('2025-12-31T23:59:59.999Z') + 1,
      at('2025-03-30T01:00:00Z') + 0.25,
      at('1969-12-31T12:34:56.789Z'),
      at('2025-06-01T00:00:00Z') + 300_000 * 0.5 + 0.5,
      ...Array.from({ length: 500 }, (_, i) => at('2020-01-01T00:00:00Z') + i * 7_919_993.7),
    ];
    const iso = isoFormatter();
    for (const instant of instants) expect(iso(instant)).toBe(new Date(instant).toISOString());
  });
});

const point = (ts: number, t: number): SeriesPoint => ({ ts, values: { t } });

describe('gaps', () => {
  it('puts a null point after a bucket whose neighbour is more than 3 buckets away', () => {
    const fiveMinutes = plan('5m');
    const start = at('2025-01-01T00:00:00Z');
    const bucket = (n: number) => start + n * 5 * minute;
    const points = [
      point(bucket(0), 1),
      point(bucket(1), 2),
      point(bucket(4), 3),
      point(bucket(8), 4),
    ];
    const drawn = withBucketGaps(points, ['t'], fiveMinutes);
    expect(drawn.map((p) => [iso(p.ts), p.values.t])).toEqual([
      [iso(bucket(0)), 1],
      [iso(bucket(1)), 2],
      [iso(bucket(4)), 3],
      [iso(bucket(5)), null],
      [iso(bucket(8)), 4],
    ]);
  });

  it('finds raw gaps against three median intervals', () => {
    const start = at('2025-01-01T00:00:00Z');
    const times = [0, 10, 20, 30, 40, 71, 80].map((s) => start + s * 1000);
    expect(medianInterval(times)).toBe(10_000);
    const drawn = withRawGaps(
      times.map((ts) => point(ts, 1)),
      ['t'],
    );
    expect(drawn).toHaveLength(8);
    expect(drawn[5]).toEqual({ ts: start + 50_000, values: { t: null } });
    // Exactly three intervals apart is not a gap.
    const even = [0, 10, 20, 50].map((s) => point(start + s * 1000, 1));
    expect(withRawGaps(even, ['t'])).toHaveLength(4);
  });
});

import { describe, expect, it } from 'vitest';
import { readingColumns, columnIndex, type SensorValues } from '../../src/ingest/columns.js';
import {
  rollupDeltas,
  rollupLevels,
  type RollupDelta,
} from '../../src/modules/readings/rollup-levels.js';

type Reading = { deviceUuid: string; tsMs: number; values: SensorValues };

const minute = 60_000;
const at = Date.UTC(2026, 10, 27, 12, 0, 0);
const deviceA = '0b7e7a4e-0000-4000-8000-00000000000a';
const deviceB = '0b7e7a4e-0000-4000-8000-00000000000b';

function values(fields: Partial<Record<keyof typeof columnIndex, number>>): SensorValues {
  const row: SensorValues = readingColumns.map(() => null);
  for (const [field, value] of Object.entries(fields)) {
    row[columnIndex[field as keyof typeof columnIndex]] = value;
  }
  return row;
}

/** The same sums the plain way: one map keyed by device, metric and bucket, then one sort. */
function reference(readings: Reading[], levels: readonly (typeof rollupLevels)[number][]) {
  return new Map(
    levels.map(({ level, ms }) => {
      const deltas = new Map<string, RollupDelta>();
      for (const reading of readings) {
        readingColumns.forEach((column, index) => {
          const raw = reading.values[index];
          if (!column.rollup || raw === null || raw === undefined) return;
          const value = column.type === 'real' ? Math.fround(raw) : raw;
          const bucketMs = Math.floor(reading.tsMs / ms) * ms;
          const key = `${reading.deviceUuid}|${column.column}|${String(bucketMs)}`;
          const delta = deltas.get(key) ?? {
            deviceId: reading.deviceUuid,
            metric: column.column,
            bucketMs,
            min: value,
            max: value,
            sum: 0,
            count: 0,
          };
          delta.min = Math.min(delta.min, value);
          delta.max = Math.max(delta.max, value);
          delta.sum += value;
          delta.count += 1;
          deltas.set(key, delta);
        });
      }
      const order = (a: RollupDelta, b: RollupDelta) =>
        (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : 0) ||
        (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0) ||
        a.bucketMs - b.bucketMs;
      return [level, [...deltas.values()].sort(order)] as const;
    }),
  );
}

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('rollupDeltas', () => {
  it("sums each device's metrics per bucket, in single precision, sorted by device, metric and bucket", () => {
    const readings: Reading[] = [
      { deviceUuid: deviceB, tsMs: at + 5_000, values: values({ t: 4.1, h: 40 }) },
      { deviceUuid: deviceA, tsMs: at + 1_000, values: values({ t: -80.2, d: 1 }) },
      { deviceUuid: deviceA, tsMs: at + 59_999, values: values({ t: -79.8 }) },
      { deviceUuid: deviceA, tsMs: at + minute, values: values({ t: -81, d: 0, m: 3 }) },
      { deviceUuid: deviceB, tsMs: at + 6_000, values: values({ t: 4.3 }) },
    ];
    const [level] = rollupLevels;
    const rows = rollupDeltas(readings, [level]).get('1m');
    const f = Math.fround;
    expect(rows).toEqual([
      { deviceId: deviceA, metric: 'd', bucketMs: at, min: 1, max: 1, sum: 1, count: 1 },
      { deviceId: deviceA, metric: 'd', bucketMs: at + minute, min: 0, max: 0, sum: 0, count: 1 },
      {
        deviceId: deviceA,
        metric: 't',
        bucketMs: at,
        min: f(-80.2),
        max: f(-79.8),
        sum: f(-80.2) + f(-79.8),
        count: 2,
      },
      {
        deviceId: deviceA,
        metric: 't',
        bucketMs: at + minute,
        min: -81,
        max: -81,
        sum: -81,
        count: 1,
      },
      { deviceId: deviceB, metric: 'h', bucketMs: at, min: 40, max: 40, sum: 40, count: 1 },
      {
        deviceId: deviceB,
        metric: 't',
        bucketMs: at,
        min: f(4.1),
        max: f(4.3),
        sum: f(4.1) + f(4.3),
        count: 2,
      },
    ]);
  });

  it('gives the plain sums for readings of many devices interleaved, late and out of order, at every level', () => {
    const next = random(20261127);
    const devices = Array.from(
      { length: 40 },
      (_, index) => `0b7e7a4e-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    const fields = ['t', 'h', 'co2_s', 'd', 'pressure'] as const;
    const readings: Reading[] = Array.from({ length: 5_000 }, () => {
      const present = fields.filter(() => next() < 0.6);
      const row = values(
        Object.fromEntries(
          present.map((field) => [
            field === 'co2_s' ? 'CO2_s' : field,
            field === 'd' ? Math.round(next()) : Math.round((next() * 200 - 100) * 1000) / 1000,
          ]),
        ),
      );
      // Mostly the last few minutes, some from days back (a gateway catching up).
      const ageMs = next() < 0.9 ? next() * 5 * minute : next() * 3 * 86_400_000;
      return {
        deviceUuid: devices[Math.floor(next() * devices.length)] ?? deviceA,
        tsMs: Math.round(at - ageMs),
        values: row,
      };
    });
    expect(rollupDeltas(readings)).toEqual(reference(readings, rollupLevels));
  });

  it('gives nothing for readings without a rolled-up value', () => {
    const readings: Reading[] = [{ deviceUuid: deviceA, tsMs: at, values: values({ m: 2 }) }];
    expect(rollupDeltas(readings).get('1m')).toEqual([]);
  });
});

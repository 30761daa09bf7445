import { readingColumns, type SensorValues } from '../../ingest/columns.js';
import { deviceSlot } from '../../lib/device-slot.js';
import { dayMs, hourMs, minuteMs } from '../../lib/durations.js';

/**
 * The rollup levels: min/max/sum/count per device, metric and UTC-aligned bucket. Each level
 * is read directly by the charts of the ranges it draws in at most ~1,500 points
 * (history-buckets.ts), so that no chart aggregates more rows than it draws.
 */
export const rollupLevels = [
  { level: '1m', table: 'reading_rollups_1m', ms: minuteMs },
  { level: '10m', table: 'reading_rollups_10m', ms: 10 * minuteMs },
  { level: '1h', table: 'reading_rollups_1h', ms: hourMs },
  { level: '6h', table: 'reading_rollups_6h', ms: 6 * hourMs },
  { level: '1d', table: 'reading_rollups_1d', ms: dayMs },
] as const;
export type RollupLevel = (typeof rollupLevels)[number]['level'];

/**
 * The rollup writer adds a round's deltas in this many shares of its devices, one transaction
 * each: with 1,000 devices one apply wrote 15,000 rollup rows in one statement, 170-190 ms during
 * which PGlite (one connection) committed no reading; a share is a quarter of that. The rows of
 * one share, whatever the rounds, still go in together, so each bucket is written once an apply.
 */
export const deltaShares = 4;

/** The share of a device: the same in every round and process. */
export const deltaShare = (deviceId: string): number => deviceSlot(deviceId, deltaShares);

/** One rollup row's contribution: what a set of readings adds to a bucket. */
export type RollupDelta = {
  deviceId: string;
  metric: string;
  bucketMs: number;
  min: number;
  max: number;
  sum: number;
  count: number;
};

const rolled = readingColumns
  .map((column, index) => ({ ...column, index }))
  .filter((column) => column.rollup);

/**
 * What readings add to the rollups of every level (pure). Values are taken as the database
 * stores them (a `real` column keeps single precision), so that the sums equal those rebuilt
 * from the stored rows (rollups-rebuild.ts). Rows come sorted by device, metric and bucket: the
 * order concurrent writers lock them in.
 */
export function rollupDeltas(
  readings: readonly { deviceUuid: string; tsMs: number; values: SensorValues }[],
  levels: readonly (typeof rollupLevels)[number][] = rollupLevels,
): Map<RollupLevel, RollupDelta[]> {
  const byLevel = levels.map(() => new Map<string, RollupDelta>());
  // Readings come grouped by device and in time order: most land in the bucket the previous
  // reading of the same metric did, found without building a key (the hot path of ingest).
  const last = levels.map(() => rolled.map((): RollupDelta | undefined => undefined));
  for (const reading of readings) {
    const device = reading.deviceUuid;
    for (let c = 0; c < rolled.length; c += 1) {
      const column = rolled[c];
      const raw = column ? reading.values[column.index] : null;
      if (raw === null || raw === undefined || !column) continue;
      const value = column.type === 'real' ? Math.fround(raw) : raw;
      for (let l = 0; l < levels.length; l += 1) {
        const ms = levels[l]?.ms ?? minuteMs;
        const bucketMs = Math.floor(reading.tsMs / ms) * ms;
        const held = last[l];
        let delta = held?.[c];
        if (delta?.deviceId !== device || delta.bucketMs !== bucketMs) {
          const deltas = byLevel[l];
          const key = `${device}|${column.column}|${String(bucketMs)}`;
          delta = deltas?.get(key);
          if (!delta) {
            delta = {
              deviceId: device,
              metric: column.column,
              bucketMs,
              min: value,
              max: value,
              sum: 0,
              count: 0,
            };
            deltas?.set(key, delta);
          }
          if (held) held[c] = delta;
        }
        if (value < delta.min) delta.min = value;
        if (value > delta.max) delta.max = value;
        delta.sum += value;
        delta.count += 1;
      }
    }
  }
  const order = (a: RollupDelta, b: RollupDelta) =>
    a.deviceId !== b.deviceId
      ? a.deviceId < b.deviceId
        ? -1
        : 1
      : a.metric !== b.metric
        ? a.metric < b.metric
          ? -1
          : 1
        : a.bucketMs - b.bucketMs;
  return new Map(
    levels.map(({ level }, l) => [level, [...(byLevel[l]?.values() ?? [])].sort(order)]),
  );
}

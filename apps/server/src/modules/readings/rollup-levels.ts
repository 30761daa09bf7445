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
 * which PGlite (one connection) committed no reading. With 4 shares each still took 30-44 ms, the
 * longest wait of a reading's commit on PGlite (bench:live p99 96-124 ms at 10,000 readings/s);
 * with 16, p99 72-84 ms in the same alternated pairs, at the same ingest rate and CPU. The rows of
 * one share, whatever the rounds, still go in together, so each bucket is written once an apply.
 */
export const deltaShares = 16;

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
/** The rolled columns' places in `rolled`, by metric name: the order rows are sorted in. */
const byMetricName = rolled
  .map((column, place) => ({ name: column.column, place }))
  .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  .map(({ place }) => place);

/** One device's deltas of one metric at one level: the last one added to, and all by bucket. */
type MetricDeltas = { last: RollupDelta; byBucket: Map<number, RollupDelta> | undefined };

const byDeviceId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A level's deltas sorted by device, metric and bucket. */
function sortedDeltas(deltas: Map<string, (MetricDeltas | undefined)[]>): RollupDelta[] {
  const rows: RollupDelta[] = [];
  for (const device of [...deltas.keys()].sort(byDeviceId)) {
    const metrics = deltas.get(device) ?? [];
    for (const place of byMetricName) {
      const held = metrics[place];
      if (!held) continue;
      if (!held.byBucket) rows.push(held.last);
      else rows.push(...[...held.byBucket.values()].sort((a, b) => a.bucketMs - b.bucketMs));
    }
  }
  return rows;
}

/**
 * What readings add to the rollups of every level (pure). Values are taken as the database
 * stores them (a `real` column keeps single precision), so that the sums equal those rebuilt
 * from the stored rows (rollups-rebuild.ts). Rows come sorted by device, metric and bucket: the
 * order concurrent writers lock them in.
 *
 * The hot path of the follow-up, and one task that holds up the event loop: a round of 20,000
 * readings from 1,000 devices, interleaved as batches commit them, took 41 ms (median of 40) as
 * one map keyed by device, metric and bucket strings, and takes 5 ms so. Deltas are found by
 * device (a string the directory already holds), then metric, then the bucket the metric's last
 * reading landed in; only a device's second bucket of a metric builds a map.
 */
export function rollupDeltas(
  readings: readonly { deviceUuid: string; tsMs: number; values: SensorValues }[],
  levels: readonly (typeof rollupLevels)[number][] = rollupLevels,
): Map<RollupLevel, RollupDelta[]> {
  type DeviceDeltas = Map<string, (MetricDeltas | undefined)[]>;
  const byLevel = levels.map((): DeviceDeltas => new Map());
  for (const reading of readings) {
    const device = reading.deviceUuid;
    for (let l = 0; l < levels.length; l += 1) {
      const deltas = byLevel[l];
      const ms = levels[l]?.ms ?? minuteMs;
      if (!deltas) continue;
      const bucketMs = Math.floor(reading.tsMs / ms) * ms;
      let metrics = deltas.get(device);
      for (let c = 0; c < rolled.length; c += 1) {
        const column = rolled[c];
        const raw = column ? reading.values[column.index] : null;
        if (raw === null || raw === undefined || !column) continue;
        const value = column.type === 'real' ? Math.fround(raw) : raw;
        if (!metrics) {
          metrics = [];
          deltas.set(device, metrics);
        }
        const held = metrics[c];
        let delta = held?.last;
        if (delta?.bucketMs !== bucketMs) {
          delta = held?.byBucket?.get(bucketMs);
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
            if (!held) metrics[c] = { last: delta, byBucket: undefined };
            else {
              held.byBucket ??= new Map([[held.last.bucketMs, held.last]]);
              held.byBucket.set(bucketMs, delta);
            }
          }
          if (held) held.last = delta;
        }
        if (value < delta.min) delta.min = value;
        if (value > delta.max) delta.max = value;
        delta.sum += value;
        delta.count += 1;
      }
    }
  }
  return new Map(
    levels.map(({ level }, l) => [level, sortedDeltas(byLevel[l] ?? new Map<string, never>())]),
  );
}

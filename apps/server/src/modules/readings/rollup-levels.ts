import { readingColumns, type SensorValues } from '../../ingest/columns.js';
import { dayMs, hourMs, minuteMs } from './history-time.js';

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
): Map<RollupLevel, RollupDelta[]> {
  const byLevel = new Map<RollupLevel, Map<string, RollupDelta>>(
    rollupLevels.map(({ level }) => [level, new Map()]),
  );
  for (const reading of readings) {
    for (const column of rolled) {
      const raw = reading.values[column.index];
      if (raw === null || raw === undefined) continue;
      const value = column.type === 'real' ? Math.fround(raw) : raw;
      for (const { level, ms } of rollupLevels) {
        const bucketMs = Math.floor(reading.tsMs / ms) * ms;
        const key = `${reading.deviceUuid}|${column.column}|${bucketMs}`;
        const deltas = byLevel.get(level);
        const delta = deltas?.get(key);
        if (delta) {
          if (value < delta.min) delta.min = value;
          if (value > delta.max) delta.max = value;
          delta.sum += value;
          delta.count += 1;
        } else {
          deltas?.set(key, {
            deviceId: reading.deviceUuid,
            metric: column.column,
            bucketMs,
            min: value,
            max: value,
            sum: value,
            count: 1,
          });
        }
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
  return new Map([...byLevel].map(([level, deltas]) => [level, [...deltas.values()].sort(order)]));
}

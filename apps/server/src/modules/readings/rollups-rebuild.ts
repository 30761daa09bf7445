import { metricKeys } from '@vigil/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  readingRollups10m,
  readingRollups1d,
  readingRollups1h,
  readingRollups1m,
  readingRollups6h,
  readings,
} from '../../db/schema/index.js';
import { dayMs } from '../../lib/durations.js';
import { metricColumns } from './history-metrics.js';
import { applyAllPending } from './rollup-deltas-repo.js';

/** One (metric, value) row per non-null metric of a reading, for grouping readings by metric. */
const metricValues: SQL = sql.join(
  metricKeys.map((key) => sql`(${key}, ${metricColumns[key]}::float8)`),
  sql`, `,
);

async function clear(db: Executor, table: PgTable, deviceId: string, lo: Date, hi: Date) {
  await db.execute(
    sql`delete from ${table} where device_id = ${deviceId} and bucket >= ${lo} and bucket < ${hi}`,
  );
}

/** Rolls `source` rollups up into the coarser `target` buckets (sums and counts compose exactly). */
async function rollUp(
  db: Executor,
  source: PgTable,
  target: PgTable,
  widthMs: number,
  deviceId: string,
  lo: Date,
  hi: Date,
) {
  await clear(db, target, deviceId, lo, hi);
  await db.execute(sql`
    insert into ${target} (device_id, bucket, metric, min, max, sum, count)
    select device_id,
      date_bin(make_interval(secs => ${widthMs / 1000}), bucket, timestamptz '2000-01-01 00:00:00+00'),
      metric,
      min(min), max(max), sum(sum), sum(count)::int
    from ${source}
    where device_id = ${deviceId} and bucket >= ${lo} and bucket < ${hi}
    group by device_id, 2, metric`);
}

/**
 * Recomputes every rollup level of one device from its raw readings (rollup-levels.ts),
 * over the whole UTC days that [from, to] touches (so no bucket is left half rebuilt).
 * Used to seed tests and benchmarks and to repair rollups. Only for ranges whose raw
 * readings are still kept: where retention has removed them, the rollups are all there is,
 * and rebuilding would empty them.
 *
 * Rollup deltas pending for the writer (modules/readings/rollup-writer.ts) are applied first, under the
 * writer's lock held to the end, so that none of the readings counted here afresh is added
 * again afterwards. Readings whose follow-up round has not run yet (reading_follow_ups) will be
 * added by it: rebuild a device once its ingest has caught up.
 */
export async function rebuildRollups(
  db: Executor,
  deviceId: string,
  from: Date,
  to: Date,
): Promise<void> {
  const lo = new Date(Math.floor(from.getTime() / dayMs) * dayMs);
  const hi = new Date((Math.floor(to.getTime() / dayMs) + 1) * dayMs);
  await db.transaction(async (tx) => {
    await applyAllPending(tx);
    await clear(tx, readingRollups1m, deviceId, lo, hi);
    await tx.execute(sql`
      insert into ${readingRollups1m} (device_id, bucket, metric, min, max, sum, count)
      select ${readings.deviceId}, date_trunc('minute', ${readings.ts}, 'UTC'), m.metric,
        min(m.value), max(m.value), sum(m.value), count(*)::int
      from ${readings} cross join lateral (values ${metricValues}) as m(metric, value)
      where ${readings.deviceId} = ${deviceId} and ${readings.ts} >= ${lo} and ${readings.ts} < ${hi}
        and m.value is not null
      group by ${readings.deviceId}, 2, m.metric`);
    await rollUp(tx, readingRollups1m, readingRollups10m, 600_000, deviceId, lo, hi);
    await rollUp(tx, readingRollups10m, readingRollups1h, 3_600_000, deviceId, lo, hi);
    await rollUp(tx, readingRollups1h, readingRollups6h, 21_600_000, deviceId, lo, hi);
    await rollUp(tx, readingRollups1h, readingRollups1d, 86_400_000, deviceId, lo, hi);
  });
}

import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { readingRollups1h, readingRollups1m } from '../../db/schema/index.js';

/** The means of one device's rollups in the period, per rollup metric (stored units). */
export async function rollupMeans(
  db: Executor,
  deviceId: string,
  metrics: readonly string[],
  period: { start: number; end: number },
  bucketMs: number,
): Promise<Map<string, { at: number; value: number }[]>> {
  const table = bucketMs === 60_000 ? readingRollups1m : readingRollups1h;
  const byMetric = new Map<string, { at: number; value: number }[]>();
  if (metrics.length === 0) return byMetric;
  const rows = await db
    .select({ metric: table.metric, bucket: table.bucket, sum: table.sum, count: table.count })
    .from(table)
    .where(
      and(
        eq(table.deviceId, deviceId),
        inArray(table.metric, [...metrics]),
        gte(table.bucket, new Date(period.start)),
        lt(table.bucket, new Date(period.end)),
      ),
    )
    .orderBy(asc(table.bucket));
  for (const row of rows) {
    const points = byMetric.get(row.metric) ?? [];
    points.push({ at: row.bucket.getTime(), value: row.sum / row.count });
    byMetric.set(row.metric, points);
  }
  return byMetric;
}

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deleteInChunks } from '../../db/query.js';
import { readingColumns } from '../../ingest/columns.js';
import { devicesHolding } from './partitions.js';
import { rollupLevels, type RollupLevel } from './rollup-levels.js';

const metrics = readingColumns.filter((column) => column.rollup).map((column) => column.column);

/** Days each rollup level is kept (undefined: for good). */
export type RollupRetention = Partial<Record<RollupLevel, number>>;

/**
 * Deletes the rollup rows older than each level's retention, device by device and in chunks
 * along the key (device, metric, bucket), so that no statement scans a whole table or holds
 * millions of rows; only the devices that hold such rows are asked (`devicesHolding`). Returns
 * the rows deleted per level.
 */
export async function purgeRollups(
  db: Executor,
  retention: RollupRetention,
  now: number,
  chunk = 20_000,
): Promise<Partial<Record<RollupLevel, number>>> {
  const deleted: Partial<Record<RollupLevel, number>> = {};
  for (const { level, table } of rollupLevels) {
    const days = retention[level];
    if (days === undefined) continue;
    const cutoff = new Date(now - days * 86_400_000).toISOString();
    const expired = sql`metric = any(${sql.param(metrics)}::text[]) and bucket < ${cutoff}::timestamptz`;
    const devices = await devicesHolding(db, table, expired);
    let total = 0;
    for (const id of devices) {
      total += await deleteInChunks(db, table, sql`device_id = ${id} and ${expired}`, chunk);
    }
    deleted[level] = total;
  }
  return deleted;
}

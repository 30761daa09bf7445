import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { noPayload, type ClockEntry } from '../../jobs/clock.js';
import { defineJobHandlers, type JobHandlers } from '../../jobs/worker.js';
import { dropExpired, maintainPartitions } from './partitions.js';
import { rollupLevels } from './rollup-levels.js';
import { purgeRollups, type RollupRetention } from './rollup-retention.js';

/**
 * Retention: drops the months of raw readings past `rawRetentionDays` whole (and deletes the
 * few older rows a default partition holds), then each rollup level's rows past its own.
 */
export async function purgeExpired(
  db: Db,
  retention: { rawDays: number; rollups: RollupRetention },
  now = Date.now(),
) {
  const raw = await dropExpired(db, now - retention.rawDays * 86_400_000);
  const rollups = await purgeRollups(db, retention.rollups, now);
  return { ...raw, rollups };
}

/**
 * The hourly upkeep of the readings tables: partitions ahead (and the legacy table's check
 * validated), then the rollups vacuumed, so that charts read them by index alone, and
 * planner statistics refreshed (PGlite has no autovacuum).
 */
export async function maintainReadings(db: Db, now = Date.now()) {
  const created = await maintainPartitions(db, now);
  for (const { table } of rollupLevels)
    await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  await db.execute(sql`analyze readings`);
  return created;
}

/** Retention once a day, partitions and statistics once an hour. */
export const readingsClock: ClockEntry[] = [
  { job: 'readings.retention', every: 'day', payload: noPayload },
  { job: 'readings.partitions', every: 'hour', payload: noPayload },
];

export function readingsJobHandlers(deps: {
  db: Db;
  rawRetentionDays: number;
  rollupRetentionDays: RollupRetention;
  log: Logger;
}): JobHandlers {
  return defineJobHandlers({
    'readings.retention': async () => {
      const outcome = await purgeExpired(deps.db, {
        rawDays: deps.rawRetentionDays,
        rollups: deps.rollupRetentionDays,
      });
      deps.log.info(
        { ...outcome, days: deps.rawRetentionDays },
        'readings and rollups past retention removed',
      );
    },
    'readings.partitions': async () => {
      const created = await maintainReadings(deps.db);
      if (created.length > 0) deps.log.info({ created }, 'readings partitions created');
    },
  });
}

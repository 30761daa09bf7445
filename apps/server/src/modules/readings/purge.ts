import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { deleteInChunks } from '../../db/query.js';
import { enqueue } from '../../jobs/queue.js';
import { defineJobHandlers, type JobHandlers } from '../../jobs/worker.js';

/**
 * The job that removes a deleted device's readings and rollups (they have no foreign key): queued
 * by the devices module when a device is deleted, and by the account purge for every device.
 */
export const purgeReadingsJob = 'device.purgeReadings';

const tables = [
  'readings',
  'reading_rollups_1m',
  'reading_rollups_10m',
  'reading_rollups_1h',
  'reading_rollups_6h',
  'reading_rollups_1d',
];
const chunkSize = 20_000;

/**
 * When the purge runs again: long after every ingest directory has forgotten the device (it keeps
 * a device 30 s: ingest/directory.ts) and the follow-up has added the rollups of readings stored
 * meanwhile. The batch statement does not read `devices` (repo.ts insertBatch), so a message
 * resolved just before the deletion stores its readings after it.
 */
const againAfterMs = 10 * 60_000;

/**
 * Queues the removal of a deleted device's readings and rollups, in the caller's transaction (the
 * one that deletes the device): at once, and again after `againAfterMs`.
 */
export async function queueReadingsPurge(tx: Executor, deviceId: string): Promise<void> {
  await enqueue(tx, purgeReadingsJob, { deviceId }, { maxAttempts: 20 });
  await enqueue(
    tx,
    purgeReadingsJob,
    { deviceId },
    { maxAttempts: 20, runAt: new Date(Date.now() + againAfterMs) },
  );
}

/**
 * Deletes the rows of a deleted device, a chunk per statement so that no transaction holds
 * millions of rows; returns how many went. Rows of a device that still exists are never touched.
 */
export async function purgeDeviceReadings(db: Db, deviceId: string): Promise<number> {
  let total = 0;
  for (const table of tables) {
    total += await deleteInChunks(
      db,
      table,
      sql`device_id = ${deviceId} and not exists (select 1 from devices where id = ${deviceId})`,
      chunkSize,
    );
  }
  return total;
}

/** The removal of a deleted device's readings, for the worker. */
export function purgeReadingsJobHandlers(db: Db): JobHandlers {
  return defineJobHandlers({
    [purgeReadingsJob]: async ({ deviceId }) => {
      await purgeDeviceReadings(db, deviceId);
    },
  });
}

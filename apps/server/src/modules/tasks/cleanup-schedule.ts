import type { Executor } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';
import { dayMs } from '../../lib/durations.js';
import { exportCleanupJob } from './params.js';

/** Tomorrow's sweep of old exports (one per day, whoever asks first); it schedules the next. */
export async function scheduleExportCleanup(tx: Executor, now: Date): Promise<void> {
  const runAt = new Date((Math.floor(now.getTime() / dayMs) + 1) * dayMs + 3 * 3_600_000);
  const day = runAt.toISOString().slice(0, 10);
  await enqueue(tx, exportCleanupJob, {}, { runAt, singletonKey: `${exportCleanupJob}@${day}` });
}

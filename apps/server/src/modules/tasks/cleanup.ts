import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/client.js';
import { defineJobHandlers, type JobHandlers } from '../../jobs/worker.js';
import { exportKeepDays, filesRoot, storedFile } from '../files/index.js';
import { dayMs } from '../../lib/durations.js';
import { scheduleExportCleanup } from './cleanup-schedule.js';
import { exportCleanupJob } from './params.js';
import * as tasksRepo from './repo.js';

/** Any file under exports/ older than `cutoff`: left by a crashed run or a task row that is gone. */
async function removeStrayFiles(dataDir: string, cutoff: Date): Promise<number> {
  const root = join(filesRoot(dataDir), 'exports');
  let removed = 0;
  for (const account of await readdir(root).catch(() => [])) {
    for (const name of await readdir(join(root, account)).catch(() => [])) {
      const path = join(root, account, name);
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile() && info.mtime < cutoff) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}

/**
 * The daily sweep (job `export.cleanup`): tasks older than 7 days go, with their files.
 * It schedules tomorrow's sweep while any task is left; creating an export schedules it too.
 */
export async function cleanExports(
  deps: { db: Db; dataDir: string },
  now = new Date(),
): Promise<{ tasks: number; files: number }> {
  const cutoff = new Date(now.getTime() - exportKeepDays * dayMs);
  const expired = await tasksRepo.deleteTasksBefore(deps.db, cutoff);
  let files = 0;
  for (const task of expired) {
    if (task.resultPath === null) continue;
    await rm(storedFile(deps.dataDir, task.resultPath), { force: true });
    files += 1;
  }
  files += await removeStrayFiles(deps.dataDir, cutoff);
  if (await tasksRepo.anyTask(deps.db)) {
    await deps.db.transaction((tx) => scheduleExportCleanup(tx, now));
  }
  return { tasks: expired.length, files };
}

/** The daily sweep of old exports, for the worker. */
export function exportCleanupJobHandlers(deps: { db: Db; dataDir: string }): JobHandlers {
  return defineJobHandlers({
    [exportCleanupJob]: async () => {
      await cleanExports(deps);
    },
  });
}

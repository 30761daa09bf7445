import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Db } from '../../db/client.js';
import { exportPath, storedFile, type ExportFormat } from '../files/index.js';
import * as tasksRepo from './repo.js';
import type { TaskRow } from './repo.js';

/** What building a task's file needs besides what the builder reads. */
export type TaskFileDeps = {
  db: Db;
  dataDir: string;
  /** Told after each progress step, with the progress just stored. */
  onProgress?: (progress: number) => Promise<void>;
};

/** What an export builder needs: the lifecycle's deps and how many rows to read per query. */
export type ExportDeps = TaskFileDeps & {
  /** Rows read per query (each builder has its default); tests make it small to see progress move. */
  pageSize?: number;
};

/** What a builder gets: the path to write to and how to tell its progress (0-99). */
export type TaskFileOutput = {
  path: string;
  progress: (progress: number) => Promise<void>;
};

/** The task a job is to build; none when it is gone (expired) or an earlier run built it. */
export async function pendingTask(db: Db, taskId: string): Promise<TaskRow | undefined> {
  const task = await tasksRepo.findTaskById(db, taskId);
  return task?.status === 'completed' ? undefined : task;
}

/**
 * The life of a task that builds one file: running (progress as the builder tells it) ->
 * completed with the file's path, or failed with the reason. The builder writes aside, to a part
 * file that is renamed into place once whole, so that a retried or repeated job never serves
 * half a file. A failure removes the part file, marks the task failed and is thrown again for
 * the queue.
 */
export async function buildTaskFile(
  deps: TaskFileDeps,
  task: { id: string; owner: string; format: ExportFormat },
  build: (output: TaskFileOutput) => Promise<void>,
): Promise<void> {
  const { db } = deps;
  await tasksRepo.markRunning(db, task.id);
  const relativePath = exportPath(task.owner, task.id, task.format);
  const target = storedFile(deps.dataDir, relativePath);
  const partial = `${target}.${randomUUID()}.part`;
  try {
    await mkdir(dirname(target), { recursive: true });
    await build({
      path: partial,
      progress: async (progress) => {
        await tasksRepo.setProgress(db, task.id, progress);
        await deps.onProgress?.(progress);
      },
    });
    await rename(partial, target);
    await tasksRepo.markCompleted(db, task.id, relativePath);
  } catch (error) {
    await rm(partial, { force: true });
    await tasksRepo.markFailed(db, task.id, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/**
 * `pages` as they come, telling the progress after each: the share of `total` rows passed on,
 * at most 99 (100 is for the finished file only).
 */
export async function* withProgress<Row>(
  pages: AsyncIterable<Row[]>,
  total: number,
  report: (progress: number) => Promise<void>,
): AsyncIterable<Row[]> {
  let written = 0;
  for await (const page of pages) {
    yield page;
    written += page.length;
    await report(Math.min(99, Math.floor((written * 100) / Math.max(1, total))));
  }
}

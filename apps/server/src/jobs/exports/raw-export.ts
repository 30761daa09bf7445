import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Db } from '../../db/client.js';
import { storedFile, exportPath } from '../../modules/files/storage.js';
import * as historyRepo from '../../modules/readings/history-repo.js';
import { rawExportParams } from '../../modules/tasks/params.js';
import * as tasksRepo from '../../modules/tasks/repo.js';
import { exportCharts } from './charts.js';
import { writeCsv } from './csv.js';
import type { ReadingPages } from './document.js';
import { writePdf } from './pdf.js';

export type ExportDeps = {
  db: Db;
  dataDir: string;
  /** Readings read per query (5,000 by default); tests make it small to see progress move. */
  pageSize?: number;
  /** Told after each page is written, with the progress just stored. */
  onProgress?: (progress: number) => Promise<void>;
};

/** The readings of [from, to] in pages, oldest first, walking the primary key (keyset paging). */
async function* readingPages(
  db: Db,
  deviceId: string,
  range: { from: Date; to: Date },
  pageSize: number,
): ReadingPages {
  let after = range.from;
  let inclusive = true;
  for (;;) {
    const rows = await historyRepo.readingsPage(db, deviceId, after, inclusive, range.to, pageSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = last.ts;
    inclusive = false;
  }
}

async function* withProgress(
  pages: ReadingPages,
  total: number,
  report: (progress: number) => Promise<void>,
): ReadingPages {
  let written = 0;
  for await (const page of pages) {
    yield page;
    written += page.length;
    // 100 is for the finished file only.
    await report(Math.min(99, Math.floor((written * 100) / Math.max(1, total))));
  }
}

/**
 * Builds the file of a raw-data export task (job `export.raw`): queued -> running (with
 * progress after each page) -> completed, or failed with the reason. The file is written
 * aside and renamed into place, so a retried or repeated job never serves half a file.
 */
export async function runRawExport(deps: ExportDeps, taskId: string): Promise<void> {
  const { db } = deps;
  const task = await tasksRepo.findTaskById(db, taskId);
  // Gone (expired) or already built by an earlier run of this job: nothing to do.
  if (!task?.accountId || task.status === 'completed') return;
  const params = rawExportParams.parse(task.params);
  const device = await historyRepo.findDevice(db, task.accountId, params.deviceId);
  if (!device) {
    await tasksRepo.markFailed(db, taskId, 'the device no longer exists');
    return;
  }
  await tasksRepo.markRunning(db, taskId);
  const relativePath = exportPath(task.accountId, taskId, params.format);
  const target = storedFile(deps.dataDir, relativePath);
  const partial = `${target}.${randomUUID()}.part`;
  try {
    await mkdir(dirname(target), { recursive: true });
    const range = { from: new Date(params.from), to: new Date(params.to) };
    const summary = await historyRepo.readingsSummary(db, device.id, range.from, range.to);
    const pages = withProgress(
      readingPages(db, device.id, range, deps.pageSize ?? 5000),
      summary.total,
      async (progress) => {
        await tasksRepo.setProgress(db, taskId, progress);
        await deps.onProgress?.(progress);
      },
    );
    const document = {
      device,
      params,
      unit: device.temperatureUnit,
      language: params.language,
      summary,
      generatedAt: new Date(),
    };
    if (params.format === 'csv') await writeCsv(partial, document, pages);
    else {
      const charts = await exportCharts(db, document);
      await writePdf(partial, { ...document, charts }, pages);
    }
    await rename(partial, target);
    await tasksRepo.markCompleted(db, taskId, relativePath);
  } catch (error) {
    await rm(partial, { force: true });
    await tasksRepo.markFailed(db, taskId, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

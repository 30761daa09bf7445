import type { Db } from '../../../db/client.js';
import { defineJobHandlers, type JobHandlers } from '../../../jobs/worker.js';
import {
  buildTaskFile,
  markTaskFailed,
  pendingTask,
  withProgress,
  type ExportDeps,
} from '../../tasks/index.js';
import * as historyRepo from '../history-repo.js';
import { exportCharts, type ThresholdAlarms } from './charts.js';
import { writeCsv } from './csv.js';
import type { ReadingPages } from './document.js';
import { rawExportJob, rawExportParams } from './params.js';
import { writePdf } from './pdf.js';

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

/** What building a raw-data export needs: the lifecycle's deps and the alarms of its charts. */
export type RawExportDeps = ExportDeps & { thresholdAlarms: ThresholdAlarms };

/**
 * Builds the file of a raw-data export task (job `export.raw`): queued -> running (with
 * progress after each page) -> completed, or failed with the reason (the task's lifecycle,
 * modules/tasks/lifecycle.ts).
 */
export async function runRawExport(deps: RawExportDeps, taskId: string): Promise<void> {
  const { db } = deps;
  const task = await pendingTask(db, taskId);
  if (!task?.accountId) return;
  const params = rawExportParams.parse(task.params);
  const device = await historyRepo.findDevice(db, task.accountId, params.deviceId);
  if (!device) {
    await markTaskFailed(db, taskId, 'the device no longer exists');
    return;
  }
  const owner = task.accountId;
  await buildTaskFile(deps, { id: taskId, owner, format: params.format }, async (file) => {
    const range = { from: new Date(params.from), to: new Date(params.to) };
    const summary = await historyRepo.readingsSummary(db, device.id, range.from, range.to);
    const pages: ReadingPages = withProgress(
      readingPages(db, device.id, range, deps.pageSize ?? 5000),
      summary.total,
      file.progress,
    );
    const document = {
      device,
      params,
      unit: device.temperatureUnit,
      language: params.language,
      summary,
      generatedAt: new Date(),
    };
    if (params.format === 'csv') await writeCsv(file.path, document, pages);
    else {
      const charts = await exportCharts(db, document, deps.thresholdAlarms);
      await writePdf(file.path, { ...document, charts }, pages);
    }
  });
}

/** The device-data export's job, for the worker (reading 5,000 readings per query). */
export function rawExportJobHandlers(deps: RawExportDeps): JobHandlers {
  return defineJobHandlers({
    [rawExportJob]: async ({ taskId }) => {
      await runRawExport(deps, taskId);
    },
  });
}

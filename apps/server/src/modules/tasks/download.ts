import { stat } from 'node:fs/promises';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { platformOwner, storedFile, verifyExportToken } from '../files/index.js';
import { alarmReportKind, auditExportKind } from './params.js';
import * as tasksRepo from './repo.js';

const contentTypes = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' } as const;

export type ExportFile = { path: string; size: number; filename: string; contentType: string };

/** The file of a completed export, for the holder of a valid link token. */
export async function openExport(
  ctx: AppContext,
  taskId: string,
  token: string,
): Promise<ExportFile> {
  const accountId = await verifyExportToken(ctx.links, taskId, token);
  if (accountId === undefined) throw new AppError(403, 'tokenInvalid', 'token');
  const task =
    accountId === platformOwner
      ? await tasksRepo.findPlatformTask(ctx.db, taskId)
      : await tasksRepo.findAccountTask(ctx.db, taskId, accountId);
  if (!task) throw notFound();
  if (task.status !== 'completed' || task.resultPath === null)
    throw new AppError(409, 'exportNotReady');
  const path = storedFile(ctx.config.dataDir, task.resultPath);
  const info = await stat(path).catch(() => undefined);
  if (!info) throw notFound();
  const format = task.resultPath.endsWith('.pdf') ? 'pdf' : 'csv';
  const params = task.params as {
    deviceName?: string;
    from?: string;
    to?: string;
    startDate?: string;
    endDate?: string;
  };
  const day = (iso: string | undefined) => (iso ?? '').slice(0, 10);
  const name = (params.deviceName ?? 'device')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-');
  const prefix = task.kind === alarmReportKind ? 'alarm-report' : `raw-data-${name}`;
  const filename =
    task.kind === auditExportKind
      ? `audit-trail-${day(params.startDate) || 'start'}-${day(params.endDate) || 'now'}.pdf`
      : `${prefix}-${day(params.from)}-${day(params.to)}.${format}`;
  return {
    path,
    size: info.size,
    filename,
    contentType: contentTypes[format],
  };
}

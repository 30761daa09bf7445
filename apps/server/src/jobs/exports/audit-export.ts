import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Db } from '../../db/client.js';
import * as auditRepo from '../../modules/audit/repo.js';
import * as auditService from '../../modules/audit/service.js';
import { platformOwner } from '../../modules/files/links.js';
import { exportPath, storedFile } from '../../modules/files/storage.js';
import { auditExportParams, type AuditExportParams } from '../../modules/tasks/params.js';
import * as tasksRepo from '../../modules/tasks/repo.js';
import { writeAuditPdf, type AuditRow, type AuditRowPages } from './audit-pdf.js';
import type { ExportDeps } from './raw-export.js';

function filterOf(params: AuditExportParams): auditRepo.AuditFilter {
  return {
    tenancy: { kind: 'platform' },
    accountId: params.accountId,
    event: params.event,
    action: params.action,
    search: params.search,
    from: params.startDate === undefined ? undefined : new Date(params.startDate),
    to: params.endDate === undefined ? undefined : new Date(params.endDate),
  };
}

/** The matching entries in pages, newest first, walking the id downwards (keyset paging). */
async function* entryPages(db: Db, filter: auditRepo.AuditFilter, pageSize: number): AuditRowPages {
  let beforeId: number | undefined;
  for (;;) {
    const rows: AuditRow[] = await auditRepo.findEntries(db, { ...filter, beforeId }, pageSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    beforeId = last.id;
  }
}

async function* withProgress(
  pages: AuditRowPages,
  total: number,
  report: (progress: number) => Promise<void>,
): AuditRowPages {
  let written = 0;
  for await (const page of pages) {
    yield page;
    written += page.length;
    // 100 is for the finished file only.
    await report(Math.min(99, Math.floor((written * 100) / Math.max(1, total))));
  }
}

/**
 * Builds the PDF of an audit-trail export task (job `export.audit`, task kind `log_data`):
 * queued -> running (progress after each page of entries) -> completed, or failed with the
 * reason. The hash chains the entries belong to are verified first and the result printed.
 */
export async function runAuditExport(deps: ExportDeps, taskId: string): Promise<void> {
  const { db } = deps;
  const task = await tasksRepo.findTaskById(db, taskId);
  if (!task || task.status === 'completed') return;
  const params = auditExportParams.parse(task.params);
  await tasksRepo.markRunning(db, taskId);
  const relativePath = exportPath(task.accountId ?? platformOwner, taskId, 'pdf');
  const target = storedFile(deps.dataDir, relativePath);
  const partial = `${target}.${randomUUID()}.part`;
  try {
    await mkdir(dirname(target), { recursive: true });
    const filter = filterOf(params);
    const total = await auditRepo.countEntries(db, filter);
    const verification = await auditService.verify(db, params.accountId);
    const pages = withProgress(
      entryPages(db, filter, deps.pageSize ?? 2000),
      total,
      async (progress) => {
        await tasksRepo.setProgress(db, taskId, progress);
        await deps.onProgress?.(progress);
      },
    );
    await writeAuditPdf(partial, { params, total, verification, generatedAt: new Date() }, pages);
    await rename(partial, target);
    await tasksRepo.markCompleted(db, taskId, relativePath);
  } catch (error) {
    await rm(partial, { force: true });
    await tasksRepo.markFailed(db, taskId, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

import type { Db } from '../../../db/client.js';
import { defineJobHandlers, type JobHandlers } from '../../../jobs/worker.js';
import { allAccounts, inAccount } from '../../../lib/scope.js';
import { platformOwner } from '../../files/index.js';
import { buildTaskFile, pendingTask, withProgress, type ExportDeps } from '../../tasks/index.js';
import * as auditRepo from '../repo.js';
import * as auditService from '../service.js';
import { auditExportJob, auditExportParams, type AuditExportParams } from './params.js';
import { writeAuditPdf, type AuditRow, type AuditRowPages } from './audit-pdf.js';

function filterOf(params: AuditExportParams): auditRepo.AuditFilter {
  return {
    scope: params.accountId === undefined ? allAccounts : inAccount(params.accountId),
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

/**
 * Builds the PDF of an audit-trail export task (job `export.audit`, task kind `log_data`):
 * queued -> running (progress after each page of entries) -> completed, or failed with the
 * reason. The hash chains the entries belong to are verified first and the result printed.
 */
export async function runAuditExport(deps: ExportDeps, taskId: string): Promise<void> {
  const { db } = deps;
  const task = await pendingTask(db, taskId);
  if (!task) return;
  const params = auditExportParams.parse(task.params);
  const owner = task.accountId ?? platformOwner;
  await buildTaskFile(deps, { id: taskId, owner, format: 'pdf' }, async (file) => {
    const filter = filterOf(params);
    const total = await auditRepo.countEntries(db, filter);
    const verification = await auditService.verify(
      db,
      params.accountId === undefined ? allAccounts : inAccount(params.accountId),
    );
    const pages: AuditRowPages = withProgress(
      entryPages(db, filter, deps.pageSize ?? 2000),
      total,
      file.progress,
    );
    const document = { params, total, verification, generatedAt: new Date() };
    await writeAuditPdf(file.path, document, pages);
  });
}

/** The audit-trail export's job, for the worker (reading 2,000 entries per query). */
export function auditExportJobHandlers(deps: ExportDeps): JobHandlers {
  return defineJobHandlers({
    [auditExportJob]: async ({ taskId }) => {
      await runAuditExport(deps, taskId);
    },
  });
}

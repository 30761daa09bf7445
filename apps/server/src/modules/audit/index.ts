/**
 * What other domains and the composition root use of the audit trail: recording an entry in the
 * changing transaction (or alone), checking its hash chains (`audit:verify`), starting the
 * audit-trail PDF export (`POST /api/tasks` with `log_data`) and the job that builds it.
 */
export { record, recordAlone, verify } from './service.js';
export { startAuditExport } from './export/start.js';
export { auditExportJobHandlers } from './export/audit-export.js';

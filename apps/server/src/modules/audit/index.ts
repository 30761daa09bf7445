/** What the composition root uses of the audit trail: the job that builds its PDF export. */
export { auditExportJobHandlers } from './export/audit-export.js';

/** The daily sweep of old exports. */
export const exportCleanupJob = 'export.cleanup';

/**
 * The task kind of an audit-trail PDF, the spec's `log_data` (a raw-data export is `raw_data`):
 * the file's download names it by its kind.
 */
export const auditExportKind = 'log_data';

/** The daily sweep of old exports. */
export const exportCleanupJob = 'export.cleanup';

/**
 * The kinds of task that are not raw-data exports (`raw_data`): an audit-trail PDF, the spec's
 * `log_data`, and an alarm report. The file's download (download.ts) names the file by them.
 */
export const auditExportKind = 'log_data';
export const alarmReportKind = 'alarm_report';

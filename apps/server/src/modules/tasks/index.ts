/**
 * What other domains and the composition root use of tasks: the lifecycle that builds a task's
 * file (the device-data, audit-trail and alarm exports each build theirs), the parameters the
 * tasks remember, and the daily sweep of old exports.
 */
export { exportCleanupJobHandlers } from './cleanup.js';
export {
  buildTaskFile,
  pendingTask,
  withProgress,
  type ExportDeps,
  type TaskFileDeps,
} from './lifecycle.js';
export {
  auditExportJob,
  auditExportParams,
  rawExportJob,
  rawExportParams,
  type AuditExportParams,
  type RawExportParams,
} from './params.js';
export { markFailed as markTaskFailed } from './repo.js';

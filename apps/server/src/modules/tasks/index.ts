/**
 * What other domains and the composition root use of tasks: the lifecycle that builds a task's
 * file (the device-data, audit-trail and alarm exports each build theirs), recording a task and
 * scheduling the daily sweep of old exports when one starts, and the sweep itself.
 */
export { scheduleExportCleanup } from './cleanup-schedule.js';
export { exportCleanupJobHandlers } from './cleanup.js';
export {
  buildTaskFile,
  pendingTask,
  withProgress,
  type ExportDeps,
  type TaskFileDeps,
} from './lifecycle.js';
export { alarmReportKind, auditExportKind } from './params.js';
export { insertTask, markFailed as markTaskFailed, type TaskRow } from './repo.js';

/** What the composition root uses of reports: its jobs and its entry on the worker's clock. */
export { reportJobHandlers, type ReportJobDeps } from './run.js';
export { reportScheduleJob, reportsClock } from './schedule.js';

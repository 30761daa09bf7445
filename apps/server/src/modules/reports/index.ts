/** What the composition root and the maintenance clock use of reports: its jobs. */
export { reportJobHandlers, type ReportJobDeps } from './run.js';
export { reportScheduleJob } from './schedule.js';

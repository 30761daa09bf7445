/**
 * The readings domain's HTTP face, mounted by app.ts: the charts and raw readings, and the
 * raw-data export's downloads and its starter and description for `POST /api/tasks`.
 */
export { readingsRoutes } from './routes.js';
export { exportFile as rawExportFile, rawExportRoutes } from './exports/routes.js';
export { startRawExportTask } from './exports/start.js';

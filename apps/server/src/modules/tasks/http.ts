/**
 * The tasks domain's HTTP face, mounted by app.ts: `POST /api/tasks`, a task's status, and the
 * download of a completed task's file by its signed link.
 */
export { fileRoutes } from './download-routes.js';
export { taskRoutes } from './routes.js';

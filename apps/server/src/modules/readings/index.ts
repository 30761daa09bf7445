/** What other domains may use of readings. */
export { rollupMeans } from './chart-repo.js';
export { readingJson } from './follow-up-repo.js';
export { rawExportJobHandlers } from './exports/raw-export.js';

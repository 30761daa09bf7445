/**
 * What other domains and the composition root may use of readings: the reading as the commit
 * path resolves it (for the door tracker and the alarm engine), the account's temperature unit,
 * the chart means and the reading JSON of reports, the device-data export's job, the removal of
 * a deleted device's readings, and the retention and partition upkeep with the clock's entries
 * for it.
 */
export { rollupMeans } from './chart-repo.js';
export { readingJson } from './follow-up-repo.js';
export { createReadingsIngest, type ReadingsIngest } from './ingest.js';
export type { TemperatureUnit } from './history-metrics.js';
export { readingsClock, readingsJobHandlers } from './maintenance.js';
export type { RollupRetention } from './rollup-retention.js';
export type { ResolvedReading } from './writer.js';
export { rawExportJobHandlers } from './exports/raw-export.js';
export { purgeReadingsJob, purgeReadingsJobHandlers, queueReadingsPurge } from './purge.js';

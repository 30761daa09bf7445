import { z } from 'zod';

/** What a raw-data export task remembers of its request (tasks.params), read back by the worker. */
export const rawExportParams = z.object({
  deviceId: z.uuid(),
  deviceName: z.string(),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  format: z.enum(['csv', 'pdf']),
  timezone: z.string(),
});
export type RawExportParams = z.infer<typeof rawExportParams>;

/** The job that builds a raw-data export, and the daily sweep of old exports. */
export const rawExportJob = 'export.raw';
export const exportCleanupJob = 'export.cleanup';

/** Exports may span a year, leap day included. */
export const maxExportDays = 366;

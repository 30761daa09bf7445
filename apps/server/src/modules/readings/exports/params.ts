import { languages } from '@vigil/contracts';
import { z } from 'zod';

/** What a raw-data export task remembers of its request (tasks.params), read back by the worker. */
export const rawExportParams = z.object({
  deviceId: z.uuid(),
  deviceName: z.string(),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  format: z.enum(['csv', 'pdf']),
  timezone: z.string(),
  /**
   * The language of the person who asked (their user setting then): the file speaks it. Tasks
   * queued before files spoke other languages have none and come out in English.
   */
  language: z.enum(languages).default('en'),
});
export type RawExportParams = z.infer<typeof rawExportParams>;

/** The job that builds a raw-data export. */
export const rawExportJob = 'export.raw';

/** Exports may span a year, leap day included. */
export const maxExportDays = 366;

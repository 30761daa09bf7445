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

/** The job that builds a raw-data export, and the daily sweep of old exports. */
export const rawExportJob = 'export.raw';
export const exportCleanupJob = 'export.cleanup';

/** Exports may span a year, leap day included. */
export const maxExportDays = 366;

/** What an audit-trail PDF export remembers of its request and of who asked (tasks.params). */
export const auditExportParams = z.object({
  startDate: z.iso.datetime({ offset: true }).optional(),
  endDate: z.iso.datetime({ offset: true }).optional(),
  event: z.string().optional(),
  action: z.string().optional(),
  search: z.string().optional(),
  /** The one account exported; absent = every account (super_admin only). */
  accountId: z.uuid().optional(),
  accountName: z.string().optional(),
  timezone: z.string(),
  exportedBy: z.string(),
  /**
   * The language of the person who asked (their user setting then): the file speaks it. Tasks
   * queued before files spoke other languages have none and come out in English.
   */
  language: z.enum(languages).default('en'),
});
export type AuditExportParams = z.infer<typeof auditExportParams>;

/** The job that builds an audit-trail PDF; the task kind is the spec's `log_data`. */
export const auditExportJob = 'export.audit';
export const auditExportKind = 'log_data';

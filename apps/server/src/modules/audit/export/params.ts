import { languages } from '@vigil/contracts';
import { z } from 'zod';

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

/** The job that builds an audit-trail PDF (its task kind is tasks' `auditExportKind`). */
export const auditExportJob = 'export.audit';

import type { Db } from '../db/client.js';
import type { Mailer } from '../notify/email.js';
import { cleanExports } from './exports/cleanup.js';
import { runRawExport } from './exports/raw-export.js';
import { runAuditExport } from './exports/audit-export.js';
import { auditExportJob, exportCleanupJob, rawExportJob } from '../modules/tasks/params.js';
import { purgeDeviceReadings, purgeReadingsJob } from '../modules/devices/purge.js';
import { accountPurgeJob, purgeDueAccounts } from '../modules/accounts/purge.js';
import { defineJobHandlers, type JobHandlers } from './worker.js';

/** Every job the worker role knows how to run. */
export function jobHandlers(deps: {
  mailer: Mailer;
  db: Db;
  dataDir: string;
  /** The clock's sweeps and upkeep (schedules.ts). */
  scheduled?: JobHandlers;
  /** Alarm notification fan-out and delivery (notify/handlers.ts). */
  notify?: JobHandlers;
  /** Sign-up and forgot-password, done after the reply (modules/auth/enrolment.ts). */
  auth?: JobHandlers;
  /** Scheduled reports: the schedule tick, building a run and mailing it (modules/reports). */
  reports?: JobHandlers;
  /** The alarm report download's file (modules/alarms). */
  alarms?: JobHandlers;
}): JobHandlers {
  return {
    ...deps.scheduled,
    ...deps.notify,
    ...deps.auth,
    ...deps.reports,
    ...deps.alarms,
    ...defineJobHandlers({
      'mail.send': async (mail) => {
        await deps.mailer.send(mail);
      },
      [rawExportJob]: async ({ taskId }) => {
        await runRawExport(deps, taskId);
      },
      [auditExportJob]: async ({ taskId }) => {
        await runAuditExport(deps, taskId);
      },
      [exportCleanupJob]: async () => {
        await cleanExports(deps);
      },
      [accountPurgeJob]: async ({ at }) => {
        await purgeDueAccounts(deps, new Date(at));
      },
      [purgeReadingsJob]: async ({ deviceId }) => {
        await purgeDeviceReadings(deps.db, deviceId);
      },
    }),
  };
}

import { z } from 'zod';
import type { Db } from '../db/client.js';
import type { Mailer } from '../notify/email.js';
import { cleanExports } from './exports/cleanup.js';
import { runRawExport } from './exports/raw-export.js';
import { runAuditExport } from './exports/audit-export.js';
import { runAlarmExport } from './exports/alarm-export.js';
import { alarmReportJob } from '../modules/alarms/download-params.js';
import { auditExportJob, exportCleanupJob, rawExportJob } from '../modules/tasks/params.js';
import {
  purgeDeviceReadings,
  purgeReadingsJob,
  purgeReadingsPayload,
} from '../modules/devices/purge.js';
import {
  accountPurgeJob,
  accountPurgePayload,
  purgeDueAccounts,
} from '../modules/accounts/purge.js';
import type { JobHandlers } from './worker.js';

const exportPayload = z.object({ taskId: z.uuid() });

const mailPayload = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

/** Every job the worker role knows how to run. */
export function jobHandlers(deps: {
  mailer: Mailer;
  db: Db;
  dataDir: string;
  /** Offline sweep and retention (ingest/maintenance.ts). */
  maintenance?: JobHandlers;
  /** Alarm notification fan-out and delivery (notify/handlers.ts). */
  notify?: JobHandlers;
  /** Sign-up and forgot-password, done after the reply (modules/auth/enrolment.ts). */
  auth?: JobHandlers;
  /** Scheduled reports: the schedule tick, building a run and mailing it (modules/reports). */
  reports?: JobHandlers;
}): JobHandlers {
  return {
    ...deps.maintenance,
    ...deps.notify,
    ...deps.auth,
    ...deps.reports,
    'mail.send': async (payload) => {
      await deps.mailer.send(mailPayload.parse(payload));
    },
    [rawExportJob]: async (payload) => {
      await runRawExport(deps, exportPayload.parse(payload).taskId);
    },
    [alarmReportJob]: async (payload) => {
      await runAlarmExport(deps, exportPayload.parse(payload).taskId);
    },
    [auditExportJob]: async (payload) => {
      await runAuditExport(deps, exportPayload.parse(payload).taskId);
    },
    [exportCleanupJob]: async () => {
      await cleanExports(deps);
    },
    [accountPurgeJob]: async (payload) => {
      await purgeDueAccounts(deps, new Date(accountPurgePayload.parse(payload).at));
    },
    [purgeReadingsJob]: async (payload) => {
      await purgeDeviceReadings(deps.db, purgeReadingsPayload.parse(payload).deviceId);
    },
  };
}

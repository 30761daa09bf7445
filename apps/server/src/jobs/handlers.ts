import { z } from 'zod';
import type { Db } from '../db/client.js';
import type { Mailer } from '../notify/email.js';
import { cleanExports } from './exports/cleanup.js';
import { runRawExport } from './exports/raw-export.js';
import { exportCleanupJob, rawExportJob } from '../modules/tasks/params.js';
import {
  purgeDeviceReadings,
  purgeReadingsJob,
  purgeReadingsPayload,
} from '../modules/devices/purge.js';
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
}): JobHandlers {
  return {
    ...deps.maintenance,
    'mail.send': async (payload) => {
      await deps.mailer.send(mailPayload.parse(payload));
    },
    [rawExportJob]: async (payload) => {
      await runRawExport(deps, exportPayload.parse(payload).taskId);
    },
    [exportCleanupJob]: async () => {
      await cleanExports(deps);
    },
    [purgeReadingsJob]: async (payload) => {
      await purgeDeviceReadings(deps.db, purgeReadingsPayload.parse(payload).deviceId);
    },
  };
}

import type { Logger } from 'pino';
import type { Db } from './db/client.js';
import type { IngestEvents } from './ingest/events.js';
import type { ClockEntry } from './jobs/clock.js';
import { defineJobHandlers, type JobHandlers } from './jobs/worker.js';
import type { Mailer } from './notify/email.js';
import { accountPurgeJobHandlers, accountsClock } from './modules/accounts/index.js';
import {
  alarmSweepJobHandlers,
  alarmsClock,
  deviceThresholdAlarms,
  sweepOfflineAlarmsLogged,
  type Announce,
} from './modules/alarms/index.js';
import { auditExportJobHandlers } from './modules/audit/index.js';
import { offlineSweepClock, offlineSweepJobHandlers } from './modules/devices/index.js';
import { gatewayLogsClock, gatewayLogsJobHandlers } from './modules/gateway-logs/index.js';
import {
  purgeReadingsJobHandlers,
  rawExportJobHandlers,
  readingsClock,
  readingsJobHandlers,
  type RollupRetention,
} from './modules/readings/index.js';
import { reportsClock } from './modules/reports/index.js';
import { exportCleanupJobHandlers } from './modules/tasks/index.js';

/**
 * Every job the worker role's clock enqueues (jobs/clock.ts), as each domain declares it: the
 * sweeps every minute, partitions and account purges every hour, retention every day.
 */
export const clockEntries: readonly ClockEntry[] = [
  ...offlineSweepClock,
  ...alarmsClock,
  ...readingsClock,
  ...gatewayLogsClock,
  ...reportsClock,
  ...accountsClock,
];

/** The handlers of the clock's sweeps and upkeep (the reports' and accounts' come with theirs). */
export function scheduledJobHandlers(deps: {
  db: Db;
  rawRetentionDays: number;
  rollupRetentionDays: RollupRetention;
  events: IngestEvents | undefined;
  log: Logger;
  /** Where the alarm sweeps tell browsers and the worker about what they changed. */
  alarms?: { announce: Announce; jobsEnqueued: () => void };
}): JobHandlers {
  const alarms = {
    db: deps.db,
    log: deps.log,
    announce: deps.alarms?.announce ?? (() => undefined),
    jobsEnqueued: deps.alarms?.jobsEnqueued ?? (() => undefined),
  };
  return {
    ...offlineSweepJobHandlers({
      db: deps.db,
      events: deps.events,
      log: deps.log,
      afterSweep: () => sweepOfflineAlarmsLogged(alarms),
    }),
    ...alarmSweepJobHandlers(alarms),
    ...readingsJobHandlers(deps),
    ...gatewayLogsJobHandlers(deps),
  };
}

/**
 * Every job the worker role knows how to run (jobs/worker.ts receives this map): the clock's
 * sweeps, the handler sets the composition root builds with their own deps, and the exports,
 * purges and plain mails, which need only the database, the data folder and the mailer.
 */
export function jobHandlers(deps: {
  mailer: Mailer;
  db: Db;
  dataDir: string;
  /** The clock's sweeps and upkeep (scheduledJobHandlers above). */
  scheduled?: JobHandlers;
  /** Alarm notification fan-out and delivery (modules/notifications). */
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
    }),
    // The device export's charts draw the device's threshold alarms.
    ...rawExportJobHandlers({ ...deps, thresholdAlarms: deviceThresholdAlarms }),
    ...auditExportJobHandlers(deps),
    ...exportCleanupJobHandlers(deps),
    ...accountPurgeJobHandlers(deps),
    ...purgeReadingsJobHandlers(deps.db),
  };
}

import type { Logger } from 'pino';
import type { Db } from './db/client.js';
import type { IngestEvents } from './ingest/events.js';
import type { ClockEntry } from './jobs/clock.js';
import type { JobHandlers } from './jobs/worker.js';
import { accountsClock } from './modules/accounts/purge.js';
import {
  alarmSweepJobHandlers,
  alarmsClock,
  sweepOfflineAlarmsLogged,
  type Announce,
} from './modules/alarms/index.js';
import { offlineSweepClock, offlineSweepJobHandlers } from './modules/devices/offline-sweep.js';
import { gatewayLogsClock, gatewayLogsJobHandlers } from './modules/gateway-logs/retention.js';
import { readingsClock, readingsJobHandlers } from './modules/readings/maintenance.js';
import type { RollupRetention } from './modules/readings/rollup-retention.js';
import { reportsClock } from './modules/reports/index.js';

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

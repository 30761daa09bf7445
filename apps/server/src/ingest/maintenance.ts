import type { Logger } from 'pino';
import type { Announce } from '../alarm-engine/announce.js';
import { alarmSweepJob, sweepAlarms, sweepOfflineAlarms } from '../alarm-engine/sweep.js';
import type { Db } from '../db/client.js';
import { enqueue } from '../jobs/queue.js';
import type { JobHandlers } from '../jobs/worker.js';
import { accountPurgeJob } from '../modules/accounts/purge.js';
import * as gatewayLogs from '../modules/gateway-logs/service.js';
import * as readingsRepo from '../modules/readings/repo.js';
import type { IngestEvents } from './events.js';
import * as repo from './repo.js';
import { reportScheduleJob } from '../jobs/reports/schedule.js';

export const maintenanceJobs = {
  offlineSweep: 'ingest.offlineSweep',
  alarmSweep: alarmSweepJob,
  rawRetention: 'readings.retention',
  logRetention: 'gatewayLogs.retention',
} as const;

/** Marks silent devices offline; returns how many went offline. */
export async function sweepOfflineDevices(
  db: Db,
  events: IngestEvents | undefined,
): Promise<number> {
  const swept = await repo.sweepOfflineDevices(db);
  for (const device of swept) {
    events?.emit('deviceStatus', {
      id: device.id,
      accountId: device.accountId,
      deviceId: device.deviceId,
      status: 'inactive',
      lastSeenAt: device.lastSeenAt?.toISOString() ?? null,
    });
  }
  return swept.length;
}

/** Deletes raw readings older than the retention (rollups are kept); returns how many went. */
export async function purgeRawReadings(
  db: Db,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  let total = 0;
  for (const deviceId of await readingsRepo.deviceIds(db)) {
    total += await readingsRepo.deleteReadingsBefore(db, deviceId, before);
  }
  return total;
}

export function maintenanceJobHandlers(deps: {
  db: Db;
  rawRetentionDays: number;
  events: IngestEvents | undefined;
  log: Logger;
  /** Where the alarm sweeps tell browsers and the worker about what they changed. */
  alarms?: { announce: Announce; jobsEnqueued: () => void };
}): JobHandlers {
  const alarmDeps = {
    db: deps.db,
    log: deps.log,
    announce: deps.alarms?.announce ?? (() => undefined),
    jobsEnqueued: deps.alarms?.jobsEnqueued ?? (() => undefined),
  };
  return {
    [maintenanceJobs.offlineSweep]: async () => {
      const count = await sweepOfflineDevices(deps.db, deps.events);
      if (count > 0) deps.log.info({ devices: count }, 'devices went offline');
      const alarms = await sweepOfflineAlarms(alarmDeps);
      if (alarms.raised + alarms.cleared > 0) deps.log.info(alarms, 'offline alarms swept');
    },
    [maintenanceJobs.alarmSweep]: async () => {
      const counts = await sweepAlarms(alarmDeps);
      if (counts.raised + counts.repeated + counts.escalated > 0) {
        deps.log.info(counts, 'alarm follow-ups sent');
      }
    },
    [maintenanceJobs.rawRetention]: async () => {
      const count = await purgeRawReadings(deps.db, deps.rawRetentionDays);
      deps.log.info(
        { readings: count, days: deps.rawRetentionDays },
        'raw readings past retention deleted',
      );
    },
    [maintenanceJobs.logRetention]: async () => {
      const count = await gatewayLogs.purgeOld(deps);
      deps.log.info({ lines: count }, 'gateway log lines past retention deleted');
    },
  };
}

const minuteMs = 60_000;

/** Enqueues this minute's sweep and today's retention jobs; a singleton key makes each happen once. */
export async function enqueueMaintenance(db: Db, now = new Date()): Promise<void> {
  const minute = new Date(Math.floor(now.getTime() / minuteMs) * minuteMs).toISOString();
  const day = minute.slice(0, 10);
  await db.transaction(async (tx) => {
    await enqueue(
      tx,
      maintenanceJobs.offlineSweep,
      {},
      {
        singletonKey: `${maintenanceJobs.offlineSweep}@${minute}`,
        maxAttempts: 1,
      },
    );
    await enqueue(
      tx,
      maintenanceJobs.alarmSweep,
      {},
      { singletonKey: `${maintenanceJobs.alarmSweep}@${minute}`, maxAttempts: 1 },
    );
    await enqueue(
      tx,
      maintenanceJobs.rawRetention,
      {},
      { singletonKey: `${maintenanceJobs.rawRetention}@${day}` },
    );
    await enqueue(
      tx,
      maintenanceJobs.logRetention,
      {},
      { singletonKey: `${maintenanceJobs.logRetention}@${day}` },
    );
    // Scheduled reports: the tick only enqueues the runs that are due (jobs/reports/run.ts).
    await enqueue(
      tx,
      reportScheduleJob,
      {},
      { singletonKey: `${reportScheduleJob}@${minute}`, maxAttempts: 1 },
    );
    // Deleted accounts past their grace period, once an hour.
    await enqueue(
      tx,
      accountPurgeJob,
      { at: minute },
      { singletonKey: `${accountPurgeJob}@${minute.slice(0, 13)}` },
    );
  });
}

/**
 * The worker role's clock: every minute it only enqueues (STYLE.md 6); whichever worker claims
 * a job runs it, and the singleton keys keep several workers from enqueueing one twice.
 */
export function startMaintenanceSchedule(options: { db: Db; log: Logger; kick: () => void }): {
  stop: () => void;
} {
  const tick = () => {
    enqueueMaintenance(options.db).then(options.kick, (error: unknown) => {
      options.log.warn({ err: error }, 'maintenance jobs not enqueued');
    });
  };
  tick();
  const timer = setInterval(tick, minuteMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}

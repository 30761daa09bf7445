import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Announce } from '../alarm-engine/announce.js';
import { alarmSweepJob, sweepAlarms, sweepOfflineAlarms } from '../alarm-engine/sweep.js';
import type { Db } from '../db/client.js';
import { enqueue } from '../jobs/queue.js';
import type { JobHandlers } from '../jobs/worker.js';
import { accountPurgeJob } from '../modules/accounts/purge.js';
import * as gatewayLogs from '../modules/gateway-logs/service.js';
import { dropExpired, maintainPartitions } from '../modules/readings/partitions.js';
import { purgeRollups, type RollupRetention } from '../modules/readings/rollup-retention.js';
import { rollupLevels } from '../modules/readings/rollup-levels.js';
import type { IngestEvents } from './events.js';
import * as repo from './repo.js';
import { reportScheduleJob } from '../modules/reports/index.js';

export const maintenanceJobs = {
  offlineSweep: 'ingest.offlineSweep',
  alarmSweep: alarmSweepJob,
  rawRetention: 'readings.retention',
  partitions: 'readings.partitions',
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

/**
 * Retention: drops the months of raw readings past `rawRetentionDays` whole (and deletes the
 * few older rows a default partition holds), then each rollup level's rows past its own.
 */
export async function purgeExpired(
  db: Db,
  retention: { rawDays: number; rollups: RollupRetention },
  now = Date.now(),
) {
  const raw = await dropExpired(db, now - retention.rawDays * 86_400_000);
  const rollups = await purgeRollups(db, retention.rollups, now);
  return { ...raw, rollups };
}

/**
 * The hourly upkeep of the readings tables: partitions ahead (and the legacy table's check
 * validated), then the rollups vacuumed, so that charts read them by index alone, and
 * planner statistics refreshed (PGlite has no autovacuum).
 */
export async function maintainReadings(db: Db, now = Date.now()) {
  const created = await maintainPartitions(db, now);
  for (const { table } of rollupLevels)
    await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  await db.execute(sql`analyze readings`);
  return created;
}

export function maintenanceJobHandlers(deps: {
  db: Db;
  rawRetentionDays: number;
  rollupRetentionDays: RollupRetention;
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
      const outcome = await purgeExpired(deps.db, {
        rawDays: deps.rawRetentionDays,
        rollups: deps.rollupRetentionDays,
      });
      deps.log.info(
        { ...outcome, days: deps.rawRetentionDays },
        'readings and rollups past retention removed',
      );
    },
    [maintenanceJobs.partitions]: async () => {
      const created = await maintainReadings(deps.db);
      if (created.length > 0) deps.log.info({ created }, 'readings partitions created');
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
      maintenanceJobs.partitions,
      {},
      { singletonKey: `${maintenanceJobs.partitions}@${minute.slice(0, 13)}` },
    );
    await enqueue(
      tx,
      maintenanceJobs.logRetention,
      {},
      { singletonKey: `${maintenanceJobs.logRetention}@${day}` },
    );
    // Scheduled reports: the tick only enqueues the runs that are due (modules/reports/run.ts).
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

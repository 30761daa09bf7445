import type { JobName, JobPayload } from '@vigil/contracts';
import type { Logger } from 'pino';
import type { Db, Executor } from '../db/client.js';
import { minuteMs } from '../lib/durations.js';
import { enqueue } from './queue.js';

/** How often the clock enqueues a job: once per minute, hour or day (UTC). */
export type Cadence = 'minute' | 'hour' | 'day';

/**
 * A job the worker role's clock enqueues once per `every`. Each domain declares its own, next to
 * its handlers; the composition root hands the clock the list. `payload` gets the minute the
 * clock ticked at (ISO), for jobs that work up to a moment.
 */
type ClockEntryOf<N extends JobName> = {
  job: N;
  every: Cadence;
  payload: (minute: string) => JobPayload<N>;
  /** 1 for sweeps that the next tick repeats anyway; else retried as any job. */
  maxAttempts?: number;
};

export type ClockEntry = { [N in JobName]: ClockEntryOf<N> }[JobName];

/** For jobs that take no payload. */
export const noPayload = () => ({});

/**
 * The period a minute falls in, as the singleton key's suffix: the minute itself
 * (`2031-05-05T10:20:00.000Z`), its hour (`2031-05-05T10`) or its day (`2031-05-05`).
 */
function periodOf(minute: string, every: Cadence): string {
  if (every === 'day') return minute.slice(0, 10);
  if (every === 'hour') return minute.slice(0, 13);
  return minute;
}

async function enqueueFor<N extends JobName>(tx: Executor, entry: ClockEntryOf<N>, minute: string) {
  await enqueue(tx, entry.job, entry.payload(minute), {
    singletonKey: `${entry.job}@${periodOf(minute, entry.every)}`,
    ...(entry.maxAttempts === undefined ? {} : { maxAttempts: entry.maxAttempts }),
  });
}

/**
 * Enqueues every entry's job for the period `now` falls in, in one transaction; a singleton key
 * per job and period makes each happen once, however often (and by however many workers) it is
 * asked.
 */
export async function enqueueDue(
  db: Db,
  entries: readonly ClockEntry[],
  now = new Date(),
): Promise<void> {
  const minute = new Date(Math.floor(now.getTime() / minuteMs) * minuteMs).toISOString();
  await db.transaction(async (tx) => {
    for (const entry of entries) await enqueueFor(tx, entry, minute);
  });
}

/**
 * The worker role's clock: every minute it only enqueues (STYLE.md 6); whichever worker claims
 * a job runs it.
 */
export function startClock(options: {
  db: Db;
  entries: readonly ClockEntry[];
  log: Logger;
  kick: () => void;
}): { stop: () => void } {
  const tick = () => {
    enqueueDue(options.db, options.entries).then(options.kick, (error: unknown) => {
      options.log.warn({ err: error }, 'scheduled jobs not enqueued');
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

import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { claim, complete, fail, type ClaimedJob } from './queue.js';

/** `job` tells a handler which attempt this is (e.g. to record a final failure itself). */
export type JobHandler = (payload: unknown, job: ClaimedJob) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export type Worker = {
  start: () => void;
  stop: () => Promise<void>;
  /** Runs due jobs until none is left; what tests call instead of waiting. */
  drain: () => Promise<number>;
  /** Wakes the loop now (a job was just enqueued in this process). */
  kick: () => void;
};

export function createWorker(options: {
  db: Db;
  handlers: JobHandlers;
  log: Logger;
  pollMs?: number;
  batch?: number;
}): Worker {
  const { db, handlers, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const batch = options.batch ?? 10;
  const workerId = `worker-${randomUUID()}`;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();

  async function runJob(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.name];
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler(job.payload, job);
      await complete(db, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await fail(db, job, message);
      log.warn(
        { job: job.id, name: job.name, attempts: job.attempts, outcome, err: message },
        'job failed',
      );
    }
  }

  async function runOnce(): Promise<number> {
    const claimed = await claim(db, workerId, batch);
    for (const job of claimed) await runJob(job);
    return claimed.length;
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (let ran = await runOnce(); ran > 0; ran = await runOnce()) total += ran;
    return total;
  }

  function schedule(delay: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      current = drain()
        .catch((error: unknown) => {
          log.error({ err: error }, 'worker loop failed');
        })
        .finally(() => {
          schedule(pollMs);
        });
    }, delay);
  }

  return {
    start() {
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
    drain,
    kick() {
      schedule(0);
    },
  };
}

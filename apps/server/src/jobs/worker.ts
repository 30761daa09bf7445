import { randomUUID } from 'node:crypto';
import { isJobName, jobPayloads, type JobData, type JobName } from '@vigil/contracts';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { claim, complete, fail, type ClaimedJob } from './queue.js';

/**
 * What the worker calls: the stored payload as it is, checked by the handler itself (the
 * handlers of `defineJobHandlers` check it against the job map of `@vigil/contracts`).
 */
export type JobHandler = (payload: unknown, job: ClaimedJob) => Promise<void>;
export type JobHandlers = { [N in JobName]?: JobHandler };

/** `job` tells a handler which attempt this is (e.g. to record a final failure itself). */
export type TypedJobHandler<N extends JobName> = (
  payload: JobData<N>,
  job: ClaimedJob,
) => Promise<void>;
export type TypedJobHandlers = { [N in JobName]?: TypedJobHandler<N> };

/** A stored payload that does not fit its job's schema: no retry can change that. */
export class JobPayloadError extends Error {
  constructor(name: JobName, error: z.ZodError) {
    super(`job ${name}: payload does not fit its schema: ${z.prettifyError(error)}`);
    this.name = 'JobPayloadError';
  }
}

function checked<N extends JobName>(name: N, handler: TypedJobHandler<N>): JobHandler {
  return async (payload, job) => {
    const parsed = jobPayloads[name].safeParse(payload);
    if (!parsed.success) throw new JobPayloadError(name, parsed.error);
    await handler(parsed.data, job);
  };
}

function checkedEntry<N extends JobName>(handlers: TypedJobHandlers, name: N): JobHandlers[N] {
  const handler = handlers[name];
  return handler && checked(name, handler);
}

/** Handlers typed by the job map, each given its payload only once the schema has checked it. */
export function defineJobHandlers(handlers: TypedJobHandlers): JobHandlers {
  const result: JobHandlers = {};
  for (const name of Object.keys(handlers)) {
    if (isJobName(name)) result[name] = checkedEntry(handlers, name);
  }
  return result;
}

export type Worker = {
  start: () => void;
  stop: () => Promise<void>;
  /** Runs due jobs until none is left; what tests call instead of waiting. */
  drain: () => Promise<number>;
  /** Wakes the loop now (a job was just enqueued in this process). */
  kick: () => void;
};

type WorkerOptions = {
  db: Db;
  handlers: JobHandlers;
  log: Logger;
  pollMs?: number;
  batch?: number;
};

/** Runs one claimed job: completed, or failed (retried later, or for good on a bad payload). */
async function runJob({ db, handlers, log }: WorkerOptions, job: ClaimedJob): Promise<void> {
  const handler = isJobName(job.name) ? handlers[job.name] : undefined;
  try {
    if (!handler) throw new Error(`no handler for job ${job.name}`);
    await handler(job.payload, job);
    await complete(db, job.id);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const outcome = await fail(db, job, message, { final: error instanceof JobPayloadError });
    log.warn(
      { job: job.id, name: job.name, attempts: job.attempts, outcome, err: message },
      'job failed',
    );
  }
}

export function createWorker(options: WorkerOptions): Worker {
  const { db, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const batch = options.batch ?? 10;
  const workerId = `worker-${randomUUID()}`;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();

  async function runOnce(): Promise<number> {
    const claimed = await claim(db, workerId, batch);
    for (const job of claimed) await runJob(options, job);
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

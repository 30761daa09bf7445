import type { JobName, JobPayload } from '@vigil/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { jobs } from '../db/schema/index.js';

export type EnqueueOptions = {
  runAt?: Date;
  /** At most one job ever exists with this key; enqueueing it again does nothing. */
  singletonKey?: string;
  maxAttempts?: number;
};

/** Inserts a job in the caller's transaction: it exists exactly when the change that asked for it does. */
export async function enqueue<N extends JobName>(
  db: Executor,
  name: N,
  payload: JobPayload<N>,
  options: EnqueueOptions = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      name,
      payload,
      runAt: options.runAt ?? new Date(),
      singletonKey: options.singletonKey ?? null,
      maxAttempts: options.maxAttempts ?? 8,
    })
    .onConflictDoNothing();
}

export type ClaimedJob = {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
};

/** A job left running longer than this by a worker that died is offered again. */
const staleAfterMinutes = 10;

/** Claims up to `limit` due jobs for `workerId`; concurrent workers skip each other's rows. */
export async function claim(db: Executor, workerId: string, limit: number): Promise<ClaimedJob[]> {
  const rows = await queryRows<{
    id: string | number;
    name: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
  }>(
    db,
    sql`
    update ${jobs} set status = 'running', locked_at = now(), locked_by = ${workerId},
      attempts = ${jobs.attempts} + 1
    where ${jobs.id} in (
      select id from ${jobs}
      where (status = 'queued' and run_at <= now())
         or (status = 'running' and locked_at < now() - make_interval(mins => ${staleAfterMinutes}))
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, name, payload, attempts, max_attempts`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  }));
}

export async function complete(db: Executor, id: number): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', finishedAt: new Date(), lockedAt: null, lastError: null })
    .where(eq(jobs.id, id));
}

/** Exponential backoff from 5 s, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** `final`: no retry, whatever attempts are left (the payload itself is wrong). */
export async function fail(
  db: Executor,
  job: ClaimedJob,
  error: string,
  options: { final?: boolean } = {},
): Promise<'retry' | 'failed'> {
  const final = options.final === true || job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set(
      final
        ? { status: 'failed', lastError: error, finishedAt: new Date(), lockedAt: null }
        : {
            status: 'queued',
            lastError: error,
            lockedAt: null,
            runAt: new Date(Date.now() + retryDelayMs(job.attempts)),
          },
    )
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
  return final ? 'failed' : 'retry';
}

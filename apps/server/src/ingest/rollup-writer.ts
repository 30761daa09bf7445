import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import * as repo from '../modules/readings/rollup-deltas-repo.js';
import type { IngestMetrics } from './metrics.js';

export type RollupWriterDeps = {
  db: Db;
  metrics: IngestMetrics;
  log: Logger;
  /**
   * Pending deltas are added once the oldest has waited this long: each apply writes every
   * level's row of each (device, metric) it touches once, however many rounds fed it, so the
   * longer the wait the fewer rows written (charts read the readings past the newest bucket).
   */
  intervalMs?: number;
  /** Delta rows (one per follow-up round) added per transaction at most. */
  chunkRows?: number;
  /** How often a process that appends nothing looks for deltas another one left (it died). */
  sweepMs?: number;
};

export type RollupWriter = ReturnType<typeof createRollupWriter>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Adds the follow-up rounds' pending minute deltas (reading_rollup_deltas) to the rollups of every
 * level. Every ingest process runs one, but one writer at a time applies across all of them (an
 * advisory lock), taking every process's deltas at once, summed per bucket: the rollup rows have
 * one writer, so processes never wait on each other's rollup row locks, and each bucket is
 * rewritten about once per `intervalMs` instead of once per round and process.
 *
 * Exactly once: a delta row is deleted by the statement that adds it, in one transaction; a
 * crash before the commit leaves it to the next writer of any process.
 */
export function createRollupWriter(deps: RollupWriterDeps) {
  const { db, log, metrics } = deps;
  const intervalMs = deps.intervalMs ?? 1000;
  const chunkRows = deps.chunkRows ?? 64;
  const sweepMs = deps.sweepMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  /** Steps of this process one at a time (on PGlite the lock is always granted). */
  let chain: Promise<unknown> = Promise.resolve();
  let stepping = false;
  /** Rounds appended so far: one that appends while a step runs may commit after its look. */
  let appends = 0;
  let closed = false;

  function serial<T>(work: () => Promise<T>): Promise<T> {
    const result = chain.then(work, work);
    chain = result.catch(() => undefined);
    return result;
  }

  const timed = <T>(work: () => Promise<T>): Promise<T> => {
    const end = metrics.stageSeconds.startTimer({ stage: 'rollups-apply' });
    return work().finally(end);
  };

  function schedule(ms: number) {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void step();
    }, ms);
  }

  /** Applies what is due, if no other process's writer is at it; schedules the next step. */
  async function step() {
    stepping = true;
    const seen = appends;
    let next: number | undefined;
    try {
      const outcome = await serial(() =>
        timed(() =>
          repo.applyRollupDeltas(db, { wait: false, dueAfterMs: intervalMs, limit: chunkRows }),
        ),
      );
      if (outcome.kind === 'busy') next = intervalMs;
      else if (outcome.kind === 'notDue') next = outcome.dueInMs;
      else if (outcome.taken >= chunkRows) next = 0;
    } catch (error) {
      metrics.followUpRetries.inc();
      log.warn({ err: error }, 'rollup deltas not applied; retrying');
      next = intervalMs;
    } finally {
      stepping = false;
    }
    if (appends !== seen) next = Math.min(next ?? intervalMs, intervalMs);
    if (next !== undefined) schedule(next);
  }

  /** Applies every delta pending now, waiting for another writer; retries until `stopped`. */
  async function flush(stopped: () => boolean = () => false) {
    for (let attempt = 1; !stopped(); attempt += 1) {
      try {
        const outcome = await serial(() =>
          timed(() => repo.applyRollupDeltas(db, { wait: true, dueAfterMs: 0, limit: chunkRows })),
        );
        if (outcome.kind === 'applied' && outcome.taken >= chunkRows) continue;
        return;
      } catch (error) {
        metrics.followUpRetries.inc();
        log.warn({ err: error, attempt }, 'rollup deltas not applied; retrying');
        await sleep(Math.min(100 * 2 ** (attempt - 1), 5000));
      }
    }
  }

  return {
    /** A round committed its deltas: they are applied within about `intervalMs`. */
    appended() {
      appends += 1;
      if (!stepping) schedule(intervalMs);
    },
    flush,
    /** Looks now, then every `sweepMs`, for deltas left by a process that stopped. */
    start() {
      schedule(0);
      sweepTimer = setInterval(() => {
        schedule(0);
      }, sweepMs);
      sweepTimer.unref();
    },
    /** Stops the timers: what is pending stays for the next writer (call `flush` first). */
    close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      clearInterval(sweepTimer);
    },
  };
}

import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { IngestMetrics } from '../../ingest/metrics.js';
import { cadenceInterval, type Cadence } from './cadence.js';
import * as repo from './rollup-deltas-repo.js';

export type RollupWriterDeps = {
  db: Db;
  metrics: IngestMetrics;
  log: Logger;
  /**
   * Pending deltas are added once the oldest has waited this long (2 s) while applies are
   * quick: each apply writes every level's row of each (device, metric) it touches once, however
   * many rounds fed it, so the longer the wait the fewer rows written (charts read the readings
   * past the newest bucket). Slower applies wait longer, so that they take at most
   * `applyShare` of the time (0.1), up to `maxIntervalMs` (10 s; cadence.ts).
   */
  intervalMs?: number;
  maxIntervalMs?: number;
  applyShare?: number;
  /** Delta rows (one per follow-up round and share of its devices) added per transaction at most. */
  chunkRows?: number;
  /** How often a process that appends nothing looks for deltas another one left (it died). */
  sweepMs?: number;
  /** The clock applies are timed by (milliseconds; tests give their own). */
  now?: () => number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Adds the follow-up rounds' pending minute deltas (reading_rollup_deltas) to the rollups of every
 * level. Every ingest process runs one, but one writer at a time applies across all of them (an
 * advisory lock), taking every process's deltas at once, summed per bucket: the rollup rows have
 * one writer, so processes never wait on each other's rollup row locks, and each bucket is
 * rewritten about once per interval instead of once per round and process.
 *
 * Exactly once: a delta row is deleted by the statement that adds it, in one transaction; a
 * crash before the commit leaves it to the next writer of any process.
 */
export class RollupWriter {
  private readonly db: Db;
  private readonly log: Logger;
  private readonly metrics: IngestMetrics;
  private readonly cadence: Cadence;
  /** How long the last apply took, every share of it (one step after the other). */
  private lastApplyMs = 0;
  /** The apply under way, so far (its shares are steps of their own). */
  private applyingMs = 0;
  private readonly chunkRows: number;
  private readonly sweepMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  /** Steps of this process one at a time (on PGlite the lock is always granted). */
  private chain: Promise<unknown> = Promise.resolve();
  private stepping = false;
  /** Rounds appended so far: one that appends while a step runs may commit after its look. */
  private appends = 0;
  private closed = false;

  constructor(deps: RollupWriterDeps) {
    this.db = deps.db;
    this.log = deps.log;
    this.metrics = deps.metrics;
    this.cadence = {
      minMs: deps.intervalMs ?? 2000,
      maxMs: deps.maxIntervalMs ?? 10_000,
      share: deps.applyShare ?? 0.1,
    };
    this.chunkRows = deps.chunkRows ?? 64;
    this.sweepMs = deps.sweepMs ?? 30_000;
    this.now = deps.now ?? (() => performance.now());
  }

  /** A round committed its deltas: they are applied within about the interval. */
  appended(): void {
    this.appends += 1;
    if (!this.stepping) this.schedule(this.interval());
  }

  /**
   * How long the oldest delta waits before it is applied: longer after a slow apply (for tests
   * and metrics too).
   */
  interval(): number {
    return cadenceInterval(this.cadence, this.lastApplyMs);
  }

  /** Applies every delta pending now, waiting for another writer; retries until `stopped`. */
  async flush(stopped: () => boolean = () => false): Promise<void> {
    for (let attempt = 1; !stopped(); attempt += 1) {
      try {
        const outcome = await this.apply({ wait: true, dueAfterMs: 0 });
        // One share at a time: until nothing is left.
        if (outcome.kind === 'applied' && outcome.taken > 0) continue;
        return;
      } catch (error) {
        this.metrics.followUpRetries.inc();
        this.log.warn({ err: error, attempt }, 'rollup deltas not applied; retrying');
        await sleep(Math.min(100 * 2 ** (attempt - 1), 5000));
      }
    }
  }

  /** Looks now, then every `sweepMs`, for deltas left by a process that stopped. */
  start(): void {
    this.schedule(0);
    this.sweepTimer = setInterval(() => {
      this.schedule(0);
    }, this.sweepMs);
    this.sweepTimer.unref();
  }

  /** Stops the timers: what is pending stays for the next writer (call `flush` first). */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    clearInterval(this.sweepTimer);
  }

  /** One apply of this process at a time, timed (the `rollups-apply` stage and the cadence). */
  private apply(options: { wait: boolean; dueAfterMs: number }) {
    const work = async () => {
      const end = this.metrics.stageSeconds.startTimer({ stage: 'rollups-apply' });
      const started = this.now();
      try {
        const outcome = await repo.applyRollupDeltas(this.db, {
          ...options,
          limit: this.chunkRows,
        });
        this.timeApply(outcome.kind === 'applied' && outcome.taken > 0, started);
        return outcome;
      } finally {
        end();
      }
    };
    const result = this.chain.then(work, work);
    this.chain = result.catch(() => undefined);
    return result;
  }

  private schedule(ms: number): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.step();
    }, ms);
  }

  /** Applies what is due, if no other process's writer is at it; schedules the next step. */
  private async step(): Promise<void> {
    this.stepping = true;
    const seen = this.appends;
    const interval = this.interval();
    let next: number | undefined;
    try {
      const outcome = await this.apply({ wait: false, dueAfterMs: interval });
      if (outcome.kind === 'busy') next = interval;
      else if (outcome.kind === 'notDue') next = outcome.dueInMs;
      // The next share (or more of this one) at once, if it is due: a transaction each.
      else if (outcome.taken > 0) next = 0;
    } catch (error) {
      this.metrics.followUpRetries.inc();
      this.log.warn({ err: error }, 'rollup deltas not applied; retrying');
      next = interval;
    } finally {
      this.stepping = false;
    }
    if (this.appends !== seen) next = Math.min(next ?? interval, interval);
    if (next !== undefined) this.schedule(next);
  }

  /**
   * Adds a transaction that took deltas to the apply under way (one per share: steps, or a
   * flush's loop); one that took none ends it.
   */
  private timeApply(took: boolean, started: number): void {
    if (took) {
      this.applyingMs += this.now() - started;
    } else if (this.applyingMs > 0) {
      this.lastApplyMs = this.applyingMs;
      this.applyingMs = 0;
    }
  }
}

export function createRollupWriter(deps: RollupWriterDeps): RollupWriter {
  return new RollupWriter(deps);
}

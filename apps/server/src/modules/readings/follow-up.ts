import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { IngestEvents } from '../../ingest/events.js';
import type { IngestMetrics } from '../../ingest/metrics.js';
import type { FollowUpQueue } from '../../ingest/ports.js';
import * as repo from './follow-up-repo.js';
import { appendRollupDeltas } from './rollup-deltas-repo.js';
import { rollupDeltas, rollupLevels } from './rollup-levels.js';
import { createRollupWriter, type RollupWriter, type RollupWriterDeps } from './rollup-writer.js';
import { cadenceInterval, type Cadence } from './cadence.js';
import type { Committed, ResolvedReading } from './writer.js';

/** Door events of stored readings (modules/doors/tracker.ts). */
export type FollowUpDoors = { track: (readings: ResolvedReading[]) => Promise<void> };
/** The alarm engine (modules/alarms): evaluates stored readings, clears offline alarms. */
export type FollowUpAlarms = {
  evaluate: (readings: ResolvedReading[]) => Promise<void>;
  devicesRecovered: (deviceIds: string[]) => Promise<void>;
};

export type FollowUpDeps = {
  db: Db;
  /** This ingest instance (the follow-up rows its writer leaves carry it). */
  owner: string;
  doors: FollowUpDoors;
  alarms: FollowUpAlarms;
  events: IngestEvents;
  metrics: IngestMetrics;
  log: Logger;
  /** Stored readings waiting for their follow-up beyond which new batches are held back. */
  maxPending?: number;
  /** Readings applied per round at most (a round is one statement per table). */
  roundReadings?: number;
  /**
   * A round starts at once when the last one started `roundWaitMs` ago or more (ingest was
   * quiet: a lone batch's state, door events and alarms wait for nothing), else once this many
   * readings wait or the round interval after the last round's start, even right after a round:
   * each round costs a statement per kind of work and a row per device whatever its size. On
   * PGlite (one connection) a round per batch cost more than the writes themselves, and
   * back-to-back rounds with 1,000 devices a third of the time (bench:ingest). Rounds a second
   * apart raised that ratio from 0.66 to 0.75 but doubled an alarm's latency
   * (bench:alarm-latency p50 0.5 -> 1.0 s, idle or loaded): the interval is `roundWaitMs` (500)
   * while rounds are short, and grows with them up to `roundMaxWaitMs` (2 s; cadence.ts).
   */
  roundMinReadings?: number;
  roundWaitMs?: number;
  /** The rounds' longest interval and share of the time while ingest is busy (cadence.ts). */
  roundMaxWaitMs?: number;
  roundShare?: number;
  /** Another instance's follow-up rows older than this are taken over (it died). */
  orphanAfterMs?: number;
  /** The rollup writer's timing (rollup-writer.ts). */
  rollups?: Pick<RollupWriterDeps, 'intervalMs' | 'chunkRows' | 'sweepMs'>;
};

type Item = { kind: 'live'; committed: Committed } | { kind: 'stored'; id: number };
type Round = {
  ids: number[];
  /** By follow-up row: its readings, in commit order. */
  batches: Map<number, ResolvedReading[]>;
  readings: ResolvedReading[];
  isBackfilled: (reading: ResolvedReading) => boolean;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest reading of each device (readings of a device come in time order). */
function newestByDevice(round: Round): repo.LatestReading[] {
  const newest = new Map<string, ResolvedReading>();
  for (const reading of round.readings) {
    const held = newest.get(reading.deviceUuid);
    if (!held || held.tsMs <= reading.tsMs) newest.set(reading.deviceUuid, reading);
  }
  return [...newest.values()].map((reading) => ({
    reading,
    backfilled: round.isBackfilled(reading),
  }));
}

/** The round of these items: live batches as committed, stored rows read back. */
async function loadRound(db: Db, items: Item[]): Promise<Round> {
  const round: Round = { ids: [], batches: new Map(), readings: [], isBackfilled: () => false };
  const checks: ((reading: ResolvedReading) => boolean)[] = [];
  for (const item of items) {
    if (item.kind === 'live') {
      const id = item.committed.followUpId;
      if (id === null) continue;
      round.ids.push(id);
      round.batches.set(id, item.committed.readings);
      checks.push(item.committed.isBackfilled);
      continue;
    }
    const stored = await repo.followUpReadings(db, item.id);
    // Gone: another instance applied it meanwhile.
    if (!stored) continue;
    round.ids.push(item.id);
    round.batches.set(item.id, stored.readings);
    checks.push((reading) => stored.backfilled.has(reading));
  }
  round.readings = [...round.batches.values()].flat();
  round.isBackfilled = (reading) => checks.some((check) => check(reading));
  return round;
}

/**
 * The round without the readings of devices deleted since they were stored (their door events
 * and alarms cannot be written, and their data goes with them): a round that failed more than
 * once is retried so, lest one deleted device hold up every other.
 */
async function withoutDeleted(db: Db, round: Round): Promise<Round> {
  const existing = await repo.existingDevices(db, [
    ...new Set(round.readings.map((reading) => reading.deviceUuid)),
  ]);
  const keep = (reading: ResolvedReading) => existing.has(reading.deviceUuid);
  const batches = new Map(
    [...round.batches].map(([id, readings]) => [id, readings.filter(keep)] as const),
  );
  return { ...round, batches, readings: round.readings.filter(keep) };
}

const sizeOf = (items: Item[]) =>
  items.reduce((sum, item) => sum + (item.kind === 'live' ? item.committed.readings.length : 0), 0);

/**
 * What stored readings change besides themselves — device state, door events, alarms and the
 * rollups of every level — applied after their message was acknowledged, in rounds that gather
 * every batch committed meanwhile (so a busy ingest pays per round, not per batch), one round
 * at a time in commit order, so each device's readings are applied in order.
 *
 * Durable and exactly once: each batch left a follow-up row in its own statement. A round
 * applies the idempotent parts first (state moves only forward, door events and alarm
 * transitions check what is already stored), then deletes its rows and appends their minute
 * rollup deltas in one transaction, only for the rows it deleted. A crash at any point leaves
 * the rows, which this instance takes up again when it starts, or another one after
 * `orphanAfterMs`. The deltas reach the rollups through the rollup writer (rollup-writer.ts),
 * one at a time across all processes, so that rounds never wait on rollup rows.
 */
export class FollowUp implements FollowUpQueue {
  private readonly deps: FollowUpDeps;
  private readonly db: Db;
  private readonly log: Logger;
  private readonly metrics: IngestMetrics;
  private readonly maxPending: number;
  private readonly roundReadings: number;
  private readonly roundMinReadings: number;
  private readonly cadence: Cadence;
  /** How long the last round took (ms). */
  private lastRoundMs = 0;
  private readonly rollups: RollupWriter;
  private roundTimer: NodeJS.Timeout | undefined;
  /** When the last round started (performance.now()). */
  private lastRoundAt = -Infinity;
  private readonly queue: Item[] = [];
  /** Rows queued or being applied by id, so that a sweep never queues one twice. */
  private readonly queued = new Set<number>();
  private pendingReadings = 0;
  private running = false;
  private closing = false;
  private aborted = false;
  private orphanTimer: NodeJS.Timeout | undefined;
  private idleWaiters: (() => void)[] = [];
  private admitWaiters: (() => void)[] = [];

  constructor(deps: FollowUpDeps) {
    this.deps = deps;
    this.db = deps.db;
    this.log = deps.log;
    this.metrics = deps.metrics;
    this.maxPending = deps.maxPending ?? 150_000;
    this.roundReadings = deps.roundReadings ?? 50_000;
    this.roundMinReadings = deps.roundMinReadings ?? 50_000;
    this.cadence = {
      minMs: deps.roundWaitMs ?? 500,
      maxMs: deps.roundMaxWaitMs ?? 2_000,
      share: deps.roundShare ?? 0.25,
    };
    this.rollups = createRollupWriter({
      db: deps.db,
      log: deps.log,
      metrics: deps.metrics,
      ...deps.rollups,
    });
  }

  /** The readings a batch just committed (the writer's onCommitted). */
  push(committed: Committed): void {
    if (committed.followUpId === null || this.closing) return;
    this.queue.push({ kind: 'live', committed });
    this.pendingReadings += committed.readings.length;
    this.kick();
  }

  /** Readings stored whose follow-up is still to come. */
  pending(): number {
    return this.pendingReadings;
  }

  /** Resolves when new batches may be written (the follow-up is not too far behind). */
  admit(): Promise<void> {
    if (this.pendingReadings < this.maxPending || this.aborted) return Promise.resolve();
    return new Promise((resolve) => this.admitWaiters.push(resolve));
  }

  /**
   * Resolves when everything queued so far has been applied, its rollups included (tests wait
   * on it): the rounds, then every delta pending in the database, whichever process left it.
   */
  async idle(): Promise<void> {
    await this.roundsDone();
    await this.rollups.flush(this.stopped);
  }

  /**
   * Takes up this instance's rows left by its last run, then, every minute, other instances'
   * rows older than `orphanAfterMs`. Call before ingest starts, so that old rows go first.
   */
  async start(): Promise<void> {
    this.rollups.start();
    await this.sweep({ own: true });
    const olderThanMs = this.deps.orphanAfterMs ?? 5 * 60_000;
    const orphans = () =>
      this.sweep({ own: false, olderThanMs }).catch((error: unknown) => {
        this.log.warn({ err: error }, 'left-over follow-ups not read');
      });
    await orphans();
    this.orphanTimer = setInterval(() => void orphans(), 60_000);
    this.orphanTimer.unref();
  }

  /**
   * Applies what is queued and the pending rollup deltas (until `deadlineMs`; what is left is
   * taken up at the next start, or by another process).
   */
  async close(deadlineMs = 10_000): Promise<void> {
    this.closing = true;
    clearInterval(this.orphanTimer);
    if (this.queue.length > 0) this.kick();
    const deadline = setTimeout(() => {
      this.aborted = true;
      for (const wake of this.admitWaiters.splice(0)) wake();
    }, deadlineMs);
    await this.roundsDone();
    await this.rollups.flush(this.stopped);
    this.rollups.close();
    clearTimeout(deadline);
    this.idleWaiters = [];
    this.admitWaiters = [];
  }

  /** Read through a function: `close` sets it while a round is awaited. */
  private readonly stopped = (): boolean => this.aborted;

  private async timed<T>(stage: string, work: () => Promise<T>): Promise<T> {
    const end = this.metrics.stageSeconds.startTimer({ stage });
    try {
      return await work();
    } finally {
      end();
    }
  }

  private async applyState(round: Round): Promise<void> {
    const changes = await this.timed('state', () =>
      repo.updateDeviceState(this.db, newestByDevice(round)),
    );
    for (const device of changes) {
      this.deps.events.emit('deviceStatus', {
        id: device.id,
        accountId: device.accountId,
        deviceId: device.deviceId,
        status: device.status,
        lastSeenAt: device.lastSeenAt.toISOString(),
      });
    }
    const recovered = changes.filter(
      (device) => device.status === 'active' && device.previousStatus === 'inactive',
    );
    // The minute sweep clears them too (modules/alarms/engine/sweep.ts), should this fail.
    if (recovered.length > 0) {
      this.deps.alarms
        .devicesRecovered(recovered.map((device) => device.id))
        .catch((error: unknown) => {
          this.log.warn({ err: error }, 'offline alarms of devices reporting again not cleared');
        });
    }
  }

  /**
   * Deletes the round's rows and appends the minute rollup deltas of those it deleted, in one
   * transaction; the rollup writer adds them to the rollups later.
   */
  private async appendRollups(round: Round): Promise<void> {
    const appended = await this.timed('rollups', () =>
      this.db.transaction(async (tx) => {
        const taken = await repo.takeFollowUps(tx, round.ids);
        const readings = round.ids.flatMap((id) =>
          taken.has(id) ? (round.batches.get(id) ?? []) : [],
        );
        const [minute] = rollupLevels;
        const deltas = rollupDeltas(readings, [minute]).get(minute.level) ?? [];
        await appendRollupDeltas(tx, deltas);
        return deltas.length;
      }),
    );
    if (appended > 0) this.rollups.appended();
  }

  private async apply(round: Round): Promise<void> {
    await Promise.all([
      this.applyState(round),
      this.timed('doors', () => this.deps.doors.track(round.readings)),
      this.timed('alarms', () => this.deps.alarms.evaluate(round.readings)),
    ]);
    await this.appendRollups(round);
  }

  private take(): Item[] {
    const items: Item[] = [];
    let size = 0;
    while (this.queue.length > 0 && (items.length === 0 || size < this.roundReadings)) {
      const item = this.queue.shift();
      if (!item) break;
      items.push(item);
      size += item.kind === 'live' ? item.committed.readings.length : 1;
    }
    return items;
  }

  /** Applies a round, retrying with growing pauses until it succeeds or the close aborts. */
  private async applyItems(items: Item[]): Promise<void> {
    for (let attempt = 1; !this.stopped(); attempt += 1) {
      try {
        const round = await loadRound(this.db, items);
        await this.apply(attempt > 2 ? await withoutDeleted(this.db, round) : round);
        return;
      } catch (error) {
        this.metrics.followUpRetries.inc();
        this.log.warn({ err: error, attempt }, 'follow-up of stored readings failed; retrying');
        await sleep(Math.min(100 * 2 ** (attempt - 1), 5000));
      }
    }
  }

  /**
   * Rounds back to back while the next one is due, so that a busy ingest pays per round, not
   * per batch: a round that just ran was one, and the next waits its turn (kick) like any.
   */
  private async drain(): Promise<void> {
    this.running = true;
    while (this.queue.length > 0 && !this.stopped()) {
      this.lastRoundAt = performance.now();
      const items = this.take();
      await this.applyItems(items);
      this.lastRoundMs = performance.now() - this.lastRoundAt;
      for (const item of items) if (item.kind === 'stored') this.queued.delete(item.id);
      this.pendingReadings -= sizeOf(items);
      if (this.pendingReadings < this.maxPending)
        for (const wake of this.admitWaiters.splice(0)) wake();
      if (!this.due()) break;
    }
    this.running = false;
    if (this.queue.length > 0 && !this.stopped()) {
      this.kick();
      return;
    }
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  /**
   * Whether a round may start now: the last one started long enough ago, or enough waits (or
   * closing, or left-overs from the database, or new batches are held back).
   */
  private due(): boolean {
    return (
      performance.now() - this.lastRoundAt >= this.interval() ||
      this.closing ||
      this.pendingReadings >= this.roundMinReadings ||
      this.admitWaiters.length > 0 ||
      this.queue.some((item) => item.kind === 'stored')
    );
  }

  /** From one round's start to the next while ingest is busy. */
  private interval(): number {
    return cadenceInterval(this.cadence, this.lastRoundMs);
  }

  /** Starts a round now if one is due, else once the interval since the last start has passed. */
  private kick(): void {
    if (this.running) return;
    if (this.due()) {
      clearTimeout(this.roundTimer);
      this.roundTimer = undefined;
      void this.drain();
      return;
    }
    this.roundTimer ??= setTimeout(
      () => {
        this.roundTimer = undefined;
        if (!this.running) void this.drain();
      },
      this.interval() - (performance.now() - this.lastRoundAt),
    );
  }

  private roundsDone(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Queues follow-up rows left in the database (this instance's, or orphans of others). */
  private async sweep(options: { own: true } | { own: false; olderThanMs: number }) {
    const ids = await repo.pendingFollowUps(this.db, this.deps.owner, options, 10_000);
    // Closing: what is left stays for the next start (or another instance).
    if (this.closing) return;
    const fresh = ids.filter((id) => !this.queued.has(id));
    for (const id of fresh) {
      this.queued.add(id);
      this.queue.push({ kind: 'stored', id });
    }
    if (fresh.length > 0) {
      this.log.info(
        { rows: fresh.length, own: options.own },
        'following up stored readings left over',
      );
      this.kick();
    }
  }
}

export function createFollowUp(deps: FollowUpDeps): FollowUp {
  return new FollowUp(deps);
}

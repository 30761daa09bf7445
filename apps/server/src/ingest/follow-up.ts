import type { Logger } from 'pino';
import type { AlarmEngine } from '../modules/alarms/index.js';
import type { Db } from '../db/client.js';
import type { DoorTracker } from '../modules/doors/tracker.js';
import * as repo from '../modules/readings/follow-up-repo.js';
import { appendRollupDeltas } from '../modules/readings/rollup-deltas-repo.js';
import { rollupDeltas, rollupLevels } from '../modules/readings/rollup-levels.js';
import type { Committed, ResolvedReading } from '../modules/readings/writer.js';
import type { IngestEvents } from './events.js';
import type { IngestMetrics } from './metrics.js';
import { createRollupWriter, type RollupWriterDeps } from './rollup-writer.js';

export type FollowUpDeps = {
  db: Db;
  /** This ingest instance (the follow-up rows its writer leaves carry it). */
  owner: string;
  doors: DoorTracker;
  alarms: Pick<AlarmEngine, 'evaluate' | 'devicesRecovered'>;
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
   * readings wait or `roundWaitMs` after the last round's start: each round costs a statement
   * per kind of work whatever its size, and on PGlite (one connection) a round per batch cost
   * more than the writes themselves (bench:ingest).
   */
  roundMinReadings?: number;
  roundWaitMs?: number;
  /** Another instance's follow-up rows older than this are taken over (it died). */
  orphanAfterMs?: number;
  /** The rollup writer's timing (rollup-writer.ts). */
  rollups?: Pick<RollupWriterDeps, 'intervalMs' | 'chunkRows' | 'sweepMs'>;
};

export type FollowUp = ReturnType<typeof createFollowUp>;

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
export function createFollowUp(deps: FollowUpDeps) {
  const { db, owner, log, metrics } = deps;
  const maxPending = deps.maxPending ?? 50_000;
  const roundReadings = deps.roundReadings ?? 20_000;
  const roundMinReadings = deps.roundMinReadings ?? 20_000;
  const roundWaitMs = deps.roundWaitMs ?? 250;
  let roundTimer: NodeJS.Timeout | undefined;
  /** When the last round started (performance.now()). */
  let lastRoundAt = -Infinity;
  const queue: Item[] = [];
  /** Rows queued or being applied by id, so that a sweep never queues one twice. */
  const queued = new Set<number>();
  let pending = 0;
  let running = false;
  let closing = false;
  let aborted = false;
  let orphanTimer: NodeJS.Timeout | undefined;
  let idleWaiters: (() => void)[] = [];
  let admitWaiters: (() => void)[] = [];
  const rollups = createRollupWriter({ db, log, metrics, ...deps.rollups });

  const timed = async <T>(stage: string, work: () => Promise<T>): Promise<T> => {
    const end = metrics.stageSeconds.startTimer({ stage });
    try {
      return await work();
    } finally {
      end();
    }
  };

  async function load(items: Item[]): Promise<Round> {
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

  async function applyState(round: Round) {
    const changes = await timed('state', () => repo.updateDeviceState(db, newestByDevice(round)));
    for (const device of changes) {
      deps.events.emit('deviceStatus', {
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
      deps.alarms.devicesRecovered(recovered.map((device) => device.id)).catch((error: unknown) => {
        log.warn({ err: error }, 'offline alarms of devices reporting again not cleared');
      });
    }
  }

  /**
   * Deletes the round's rows and appends the minute rollup deltas of those it deleted, in one
   * transaction; the rollup writer adds them to the rollups later.
   */
  async function appendRollups(round: Round) {
    const appended = await timed('rollups', () =>
      db.transaction(async (tx) => {
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
    if (appended > 0) rollups.appended();
  }

  async function apply(round: Round) {
    await Promise.all([
      applyState(round),
      timed('doors', () => deps.doors.track(round.readings)),
      timed('alarms', () => deps.alarms.evaluate(round.readings)),
    ]);
    await appendRollups(round);
  }

  function take(): Item[] {
    const items: Item[] = [];
    let size = 0;
    while (queue.length > 0 && (items.length === 0 || size < roundReadings)) {
      const item = queue.shift();
      if (!item) break;
      items.push(item);
      size += item.kind === 'live' ? item.committed.readings.length : 1;
    }
    return items;
  }

  const sizeOf = (items: Item[]) =>
    items.reduce(
      (sum, item) => sum + (item.kind === 'live' ? item.committed.readings.length : 0),
      0,
    );

  /** Read through a function: `close` sets it while a round is awaited. */
  const stopped = () => aborted;

  /**
   * The round without the readings of devices deleted since they were stored (their door events
   * and alarms cannot be written, and their data goes with them): a round that failed more than
   * once is retried so, lest one deleted device hold up every other.
   */
  async function withoutDeleted(round: Round): Promise<Round> {
    const existing = await repo.existingDevices(db, [
      ...new Set(round.readings.map((reading) => reading.deviceUuid)),
    ]);
    const keep = (reading: ResolvedReading) => existing.has(reading.deviceUuid);
    const batches = new Map(
      [...round.batches].map(([id, readings]) => [id, readings.filter(keep)] as const),
    );
    return { ...round, batches, readings: round.readings.filter(keep) };
  }

  async function drain() {
    running = true;
    while (queue.length > 0 && !stopped()) {
      lastRoundAt = performance.now();
      const items = take();
      for (let attempt = 1; !stopped(); attempt += 1) {
        try {
          const round = await load(items);
          await apply(attempt > 2 ? await withoutDeleted(round) : round);
          break;
        } catch (error) {
          metrics.followUpRetries.inc();
          log.warn({ err: error, attempt }, 'follow-up of stored readings failed; retrying');
          await sleep(Math.min(100 * 2 ** (attempt - 1), 5000));
        }
      }
      for (const item of items) if (item.kind === 'stored') queued.delete(item.id);
      pending -= sizeOf(items);
      if (pending < maxPending) for (const wake of admitWaiters.splice(0)) wake();
    }
    running = false;
    for (const wake of idleWaiters.splice(0)) wake();
  }

  /**
   * Starts a round now if the last one started long enough ago, or enough waits (or closing, or
   * left-overs from the database), else once `roundWaitMs` have passed since the last one started.
   */
  function kick() {
    if (running) return;
    const sinceLast = performance.now() - lastRoundAt;
    const due =
      sinceLast >= roundWaitMs ||
      closing ||
      pending >= roundMinReadings ||
      queue.some((item) => item.kind === 'stored');
    if (due) {
      clearTimeout(roundTimer);
      roundTimer = undefined;
      void drain();
      return;
    }
    roundTimer ??= setTimeout(() => {
      roundTimer = undefined;
      if (!running) void drain();
    }, roundWaitMs - sinceLast);
  }

  function idle(): Promise<void> {
    if (!running && queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  /** Queues follow-up rows left in the database (this instance's, or orphans of others). */
  async function sweep(options: { own: true } | { own: false; olderThanMs: number }) {
    const ids = await repo.pendingFollowUps(db, owner, options, 10_000);
    // Closing: what is left stays for the next start (or another instance).
    if (closing) return;
    const fresh = ids.filter((id) => !queued.has(id));
    for (const id of fresh) {
      queued.add(id);
      queue.push({ kind: 'stored', id });
    }
    if (fresh.length > 0) {
      log.info({ rows: fresh.length, own: options.own }, 'following up stored readings left over');
      kick();
    }
  }

  return {
    /** The readings a batch just committed (the writer's onCommitted). */
    push(committed: Committed) {
      if (committed.followUpId === null || closing) return;
      queue.push({ kind: 'live', committed });
      pending += committed.readings.length;
      kick();
    },
    /** Readings stored whose follow-up is still to come. */
    pending: () => pending,
    /** Resolves when new batches may be written (the follow-up is not too far behind). */
    admit(): Promise<void> {
      if (pending < maxPending || aborted) return Promise.resolve();
      return new Promise((resolve) => admitWaiters.push(resolve));
    },
    /**
     * Resolves when everything queued so far has been applied, its rollups included (tests wait
     * on it): the rounds, then every delta pending in the database, whichever process left it.
     */
    async idle() {
      await idle();
      await rollups.flush(stopped);
    },
    /**
     * Takes up this instance's rows left by its last run, then, every minute, other instances'
     * rows older than `orphanAfterMs`. Call before ingest starts, so that old rows go first.
     */
    async start() {
      rollups.start();
      await sweep({ own: true });
      const olderThanMs = deps.orphanAfterMs ?? 5 * 60_000;
      const orphans = () =>
        sweep({ own: false, olderThanMs }).catch((error: unknown) => {
          log.warn({ err: error }, 'left-over follow-ups not read');
        });
      await orphans();
      orphanTimer = setInterval(() => void orphans(), 60_000);
      orphanTimer.unref();
    },
    /**
     * Applies what is queued and the pending rollup deltas (until `deadlineMs`; what is left is
     * taken up at the next start, or by another process).
     */
    async close(deadlineMs = 10_000) {
      closing = true;
      clearInterval(orphanTimer);
      if (queue.length > 0) kick();
      const deadline = setTimeout(() => {
        aborted = true;
        for (const wake of admitWaiters.splice(0)) wake();
      }, deadlineMs);
      await idle();
      await rollups.flush(stopped);
      rollups.close();
      clearTimeout(deadline);
      idleWaiters = [];
      admitWaiters = [];
    },
  };
}

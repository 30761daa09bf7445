import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { isUniqueViolation, sqlState } from '../../db/query.js';
import { readingColumns } from '../../ingest/columns.js';
import {
  NotStorableError,
  type Committed,
  type ResolvedReading,
  type WriteResult,
} from '../../ingest/ports.js';
import { deviceSlot } from '../../lib/device-slot.js';
import { groupBy } from '../../lib/group-by.js';
import * as repo from './repo.js';

// Declared by the ingest path, which hands readings to this writer and waits on the outcome.
export { NotStorableError, type Committed, type ResolvedReading, type WriteResult };

/** The writer closed before the readings were durable: the message was not acknowledged. */
export class WriterClosedError extends Error {
  override name = 'WriterClosedError';
}

export type BatchWriterOptions = {
  db: Db;
  /** Readings per statement; a message is never split, so a batch may exceed it by one message. */
  batchSize: number;
  /** The longest a reading waits for others to share its batch. */
  flushMs: number;
  /**
   * Batches written at the same time. Each device's readings always go to the same lane, so
   * concurrent batches never wait on each other's rows. PGlite (one connection) runs one
   * statement at a time, yet two lanes there keep the next batch queued at the database while
   * one is written: with one, the database waited for the main thread between batches (the
   * answer, the live events, the next batch's statement), its thread idle 8-20 % of the time
   * under load (CPU profile).
   * bench:ingest on 2 cores, one run each, alternated: 1,000 devices 39.6k and 45.5k readings/s
   * (0.84 and 0.98 of the INSERT ceiling) against 34.6k and 37.4k (0.76, 0.73) with one lane;
   * 200 devices 49.0k and 58.0k against 44.2k and 43.8k.
   */
  concurrency: number;
  log: Logger;
  /** Names the follow-up rows this writer leaves (the ingest instance: follow-up.ts). */
  owner: string;
  /**
   * Resolves when another batch may start: the follow-up holds back new writes while it is too
   * far behind, so that its queue (and the acknowledgements) wait instead of memory growing.
   */
  admit?: () => Promise<void>;
  /** Runs after each commit, before the writers' promises resolve (live events, follow-up). */
  onCommitted: (committed: Committed, seconds: number) => void;
  /** Counts a failed attempt that will be retried. */
  onRetry?: (error: unknown) => void;
};

export type BatchWriter = {
  /** Resolves once the readings are durable (or were already there), never earlier. */
  write: (readings: ResolvedReading[]) => Promise<WriteResult>;
  /** Readings waiting for their batch or being written. */
  pending: () => number;
  /** Writes what is queued, refuses new writes, and resolves when nothing is in flight. */
  close: (deadlineMs?: number) => Promise<void>;
};

type Ticket = {
  readings: ResolvedReading[];
  queuedAt: number;
  resolve: (result: WriteResult) => void;
  reject: (error: Error) => void;
};

/** SQLSTATE classes of a bad value (22) or a broken constraint (23): the same batch fails again. */
const isPoison = (error: unknown): boolean => /^2[23]/.test(sqlState(error) ?? '');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const byDeviceAndTime = (a: ResolvedReading, b: ResolvedReading) =>
  a.deviceUuid === b.deviceUuid ? a.tsMs - b.tsMs : a.deviceUuid < b.deviceUuid ? -1 : 1;

/**
 * The newest reading known stored of each device: the later of what the directory read
 * (`deviceLatestTsMs`) and what this lane committed since.
 */
function latestKnown(newest: Map<string, number>, reading: ResolvedReading): number | null {
  const committed = newest.get(reading.deviceUuid);
  const read = reading.deviceLatestTsMs ?? undefined;
  if (committed === undefined) return read ?? null;
  return read === undefined ? committed : Math.max(committed, read);
}

/** Past this many devices a lane's newest readings start afresh rather than grow without bound. */
const maxNewest = 200_000;

/** Notes the newest of each device's readings, now stored (`sorted` by device and time). */
function noteNewest(newest: Map<string, number>, sorted: ResolvedReading[]) {
  if (newest.size > maxNewest) newest.clear();
  for (const reading of sorted) {
    const held = newest.get(reading.deviceUuid);
    if (held === undefined || held < reading.tsMs) newest.set(reading.deviceUuid, reading.tsMs);
  }
}

function toBatch(sorted: ResolvedReading[], newest: Map<string, number>): repo.ReadingBatch {
  const devices: string[] = [];
  const latest: (number | null)[] = [];
  const deviceIndex: number[] = [];
  const tsMs: number[] = [];
  const values: ((number | null)[] | undefined)[] = readingColumns.map(() => undefined);
  let extra: (string | null)[] | undefined;
  sorted.forEach((reading, row) => {
    if (devices[devices.length - 1] !== reading.deviceUuid) {
      devices.push(reading.deviceUuid);
      latest.push(latestKnown(newest, reading));
    }
    deviceIndex.push(devices.length);
    tsMs.push(reading.tsMs);
    for (let column = 0; column < values.length; column += 1) {
      const value = reading.values[column] ?? null;
      const held = values[column];
      if (held) held.push(value);
      else if (value !== null) {
        // The first value of a column: the readings before had none.
        values[column] = [...Array.from({ length: row }, () => null), value];
      }
    }
    const text = reading.extra ? JSON.stringify(reading.extra) : null;
    if (extra) extra.push(text);
    else if (text !== null) extra = [...Array.from({ length: row }, () => null), text];
  });
  return {
    devices,
    deviceIndex,
    tsMs,
    values,
    extra,
    latest: latest.some((known) => known !== null) ? latest : undefined,
  };
}

const keyOf = (deviceUuid: string, tsMs: number) => `${deviceUuid}|${tsMs}`;

/** Each ticket's share of what was inserted; a reading sent twice in one batch counts once. */
function settle(
  tickets: Ticket[],
  sorted: ResolvedReading[],
  outcome: repo.BatchOutcome,
): { committed: Committed; results: WriteResult[] } {
  const late = outcome.backfilled;
  const backfilled =
    late === 'all' ? undefined : new Set(late.map((row) => keyOf(row.deviceId, row.tsMs)));
  const isBackfilled = (reading: ResolvedReading) =>
    backfilled === undefined
      ? true
      : backfilled.size > 0 && backfilled.has(keyOf(reading.deviceUuid, reading.tsMs));
  const { followUpId } = outcome;
  // Usually every row was inserted and the database lists none: no key to match.
  if (!outcome.inserted) {
    return {
      committed: { readings: sorted, isBackfilled, followUpId },
      results: tickets.map((ticket) => ({ inserted: ticket.readings.length, duplicates: 0 })),
    };
  }
  const inserted = new Set(outcome.inserted.map((row) => keyOf(row.deviceId, row.tsMs)));
  const stored = new Set<ResolvedReading>();
  const results = tickets.map((ticket) => {
    const result = { inserted: 0, duplicates: 0 };
    for (const reading of ticket.readings) {
      if (!inserted.delete(keyOf(reading.deviceUuid, reading.tsMs))) {
        result.duplicates += 1;
        continue;
      }
      result.inserted += 1;
      stored.add(reading);
    }
    return result;
  });
  const readings = sorted.filter((reading) => stored.has(reading));
  return { committed: { readings, isBackfilled, followUpId }, results };
}

/** One lane's queue and counters; the functions below work on it. */
type LaneState = {
  options: BatchWriterOptions;
  queue: Ticket[];
  queued: number;
  writing: number;
  inFlight: number;
  timer: NodeJS.Timeout | undefined;
  /** Batches still to be written with duplicates skipped (`insertOnce`). */
  skippingDuplicates: number;
  /** By device: its newest reading this lane stored (ms), to flag older ones backfilled. */
  newest: Map<string, number>;
  closing: boolean;
  aborted: boolean;
  idleWaiters: (() => void)[];
};

function takeBatch(lane: LaneState): Ticket[] {
  const { queue, options } = lane;
  const tickets: Ticket[] = [];
  let size = 0;
  while (queue.length > 0 && (tickets.length === 0 || size < options.batchSize)) {
    const ticket = queue[0];
    if (!ticket || (size > 0 && size + ticket.readings.length > options.batchSize)) break;
    queue.shift();
    tickets.push(ticket);
    size += ticket.readings.length;
  }
  lane.queued -= size;
  return tickets;
}

/**
 * Batches written with duplicates skipped after one failed on a duplicate: a gateway that sent
 * one message again may well send more.
 */
const skipAfterDuplicate = 100;

/**
 * One statement, or two when the fast path meets a reading already stored (repo.ts
 * `DuplicateHandling`): the batch is written again at once with duplicates skipped, and so are
 * the lane's next `skipAfterDuplicate` batches.
 */
async function insertOnce(lane: LaneState, batch: repo.ReadingBatch): Promise<repo.BatchOutcome> {
  const { db, owner } = lane.options;
  if (lane.skippingDuplicates > 0) {
    lane.skippingDuplicates -= 1;
    return repo.insertBatch(db, batch, owner, 'skip');
  }
  try {
    return await repo.insertBatch(db, batch, owner, 'fail');
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    lane.skippingDuplicates = skipAfterDuplicate;
    return repo.insertBatch(db, batch, owner, 'skip');
  }
}

/** Writes `tickets`; a poisoned batch is split until the message that cannot be stored is alone. */
async function writeTickets(lane: LaneState, tickets: Ticket[]): Promise<void> {
  const { options } = lane;
  const readings = tickets.flatMap((ticket) => ticket.readings).sort(byDeviceAndTime);
  await options.admit?.();
  const started = performance.now();
  const batch = toBatch(readings, lane.newest);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const outcome = await insertOnce(lane, batch);
      noteNewest(lane.newest, readings);
      const { committed, results } = settle(tickets, readings, outcome);
      options.onCommitted(committed, (performance.now() - started) / 1000);
      tickets.forEach((ticket, index) => {
        ticket.resolve(results[index] ?? { inserted: 0, duplicates: 0 });
      });
      return;
    } catch (error) {
      if (isPoison(error)) return splitPoisoned(lane, tickets, error);
      if (lane.aborted) {
        for (const ticket of tickets) ticket.reject(new WriterClosedError('writer closed'));
        return;
      }
      options.onRetry?.(error);
      options.log.warn(
        { err: error, attempt, readings: readings.length },
        'batch write failed; retrying',
      );
      await sleep(Math.min(100 * 2 ** (attempt - 1), 5000));
    }
  }
}

async function splitPoisoned(lane: LaneState, tickets: Ticket[], error: unknown): Promise<void> {
  if (tickets.length === 1) {
    const message = error instanceof Error ? error.message : String(error);
    tickets[0]?.reject(new NotStorableError(message));
    return;
  }
  const half = Math.ceil(tickets.length / 2);
  await writeTickets(lane, tickets.slice(0, half));
  await writeTickets(lane, tickets.slice(half));
}

function startBatch(lane: LaneState) {
  const tickets = takeBatch(lane);
  if (tickets.length === 0) return;
  const size = tickets.reduce((sum, ticket) => sum + ticket.readings.length, 0);
  lane.writing += 1;
  lane.inFlight += size;
  void writeTickets(lane, tickets).finally(() => {
    lane.writing -= 1;
    lane.inFlight -= size;
    schedule(lane);
    if (lane.writing === 0 && lane.queue.length === 0) {
      for (const wake of lane.idleWaiters.splice(0)) wake();
    }
  });
}

/** Milliseconds the oldest queued message has waited. */
const waited = (lane: LaneState) => Date.now() - (lane.queue[0]?.queuedAt ?? Date.now());

function schedule(lane: LaneState) {
  const { queue, options } = lane;
  while (queue.length > 0 && lane.writing < options.concurrency) {
    const due = lane.closing || lane.queued >= options.batchSize || waited(lane) >= options.flushMs;
    if (!due) break;
    clearTimeout(lane.timer);
    lane.timer = undefined;
    startBatch(lane);
  }
  if (queue.length > 0 && lane.writing < options.concurrency && !lane.timer) {
    lane.timer = setTimeout(
      () => {
        lane.timer = undefined;
        schedule(lane);
      },
      Math.max(0, options.flushMs - waited(lane)),
    );
  }
}

function writeToLane(lane: LaneState, readings: ResolvedReading[]): Promise<WriteResult> {
  if (lane.closing) return Promise.reject(new WriterClosedError('writer closed'));
  if (readings.length === 0) return Promise.resolve({ inserted: 0, duplicates: 0 });
  return new Promise<WriteResult>((resolve, reject) => {
    lane.queue.push({ readings, queuedAt: Date.now(), resolve, reject });
    lane.queued += readings.length;
    schedule(lane);
  });
}

async function closeLane(lane: LaneState, deadlineMs: number): Promise<void> {
  lane.closing = true;
  schedule(lane);
  if (lane.writing === 0 && lane.queue.length === 0) return;
  const idle = new Promise<void>((resolve) => lane.idleWaiters.push(resolve));
  const deadline = setTimeout(() => {
    lane.aborted = true;
  }, deadlineMs);
  await idle;
  clearTimeout(deadline);
}

/** One lane: batches written one after the other. */
function createLane(options: BatchWriterOptions): BatchWriter {
  const lane: LaneState = {
    options,
    queue: [],
    queued: 0,
    writing: 0,
    inFlight: 0,
    timer: undefined,
    skippingDuplicates: 0,
    newest: new Map(),
    closing: false,
    aborted: false,
    idleWaiters: [],
  };
  return {
    write: (readings) => writeToLane(lane, readings),
    pending: () => lane.queued + lane.inFlight,
    close: (deadlineMs = 10_000) => closeLane(lane, deadlineMs),
  };
}

/**
 * Collects readings from many messages into multi-row batches (bounded by size and time) and
 * writes each batch in one statement; a writer's promise resolves only after its batches commit,
 * which is when its message may be acknowledged.
 */
export function createBatchWriter(options: BatchWriterOptions): BatchWriter {
  const lanes = Array.from({ length: Math.max(1, options.concurrency) }, () =>
    createLane({ ...options, concurrency: 1 }),
  );
  const [only] = lanes;
  if (lanes.length === 1 && only) return only;
  return {
    async write(readings) {
      // A device's lane is fixed, so that two lanes never update the same device or rollup rows.
      const parts = groupBy(readings, (reading) => deviceSlot(reading.deviceUuid, lanes.length));
      const results = await Promise.all(
        [...parts].map(
          ([lane, part]) =>
            lanes[lane]?.write(part) ?? Promise.resolve({ inserted: 0, duplicates: 0 }),
        ),
      );
      return results.reduce(
        (total, result) => ({
          inserted: total.inserted + result.inserted,
          duplicates: total.duplicates + result.duplicates,
        }),
        { inserted: 0, duplicates: 0 },
      );
    },
    pending: () => lanes.reduce((sum, lane) => sum + lane.pending(), 0),
    async close(deadlineMs) {
      await Promise.all(lanes.map((lane) => lane.close(deadlineMs)));
    },
  };
}

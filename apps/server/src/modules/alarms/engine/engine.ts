import type { Logger } from 'pino';
import type { Db, Tx } from '../../../db/client.js';
import { deviceSlot } from '../../../lib/device-slot.js';
import { groupBy } from '../../../lib/group-by.js';
import type { ResolvedReading } from '../../readings/index.js';
import { enqueueNotify, type AlarmChange, type Announce } from './announce.js';
import type { AlarmDefinitions } from './definitions.js';
import {
  conditionKey,
  evaluateReadings,
  initialState,
  type AlarmOutcome,
  type ConditionKey,
  type ConditionState,
  type ReadingInput,
} from './evaluate.js';
import * as repo from './repo.js';

export type AlarmEngine = {
  /**
   * Evaluates durable readings against their devices' enabled alarms and resolves once what they
   * raised or cleared is durable (events, condition states and notify jobs in one transaction),
   * so that the message is acknowledged only then. Safe to pass duplicates: a reading at or
   * before a condition's watermark changes nothing. Devices without alarms cost a map lookup.
   */
  evaluate: (readings: ResolvedReading[]) => Promise<void>;
  /** Clears the offline alarms of devices that report again. */
  devicesRecovered: (deviceIds: string[]) => Promise<void>;
  /** Writes the watermarks held in memory. */
  flush: () => Promise<void>;
  close: () => Promise<void>;
};

export type AlarmEngineDeps = {
  db: Db;
  definitions: AlarmDefinitions;
  announce: Announce;
  jobsEnqueued: () => void;
  log: Logger;
  now?: () => Date;
  /** How often watermark-only changes are written behind (ms). */
  watermarkFlushMs?: number;
  /** Batches evaluated side by side (1 on PGlite, which has one connection). */
  lanes?: number;
};

type Ticket = {
  readings: ResolvedReading[];
  resolve: () => void;
  reject: (error: unknown) => void;
};
type DeviceBatch = { alarms: repo.DefinedAlarm[]; readings: ReadingInput[] };

const attempts = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Lane = { queue: Ticket[]; running: boolean };

/** What one engine holds between batches; the functions below work on it. */
type EngineState = {
  deps: AlarmEngineDeps;
  now: () => Date;
  /** One queue per lane; a device always uses the same one, so its readings stay in order. */
  lanes: Lane[];
  watermarks: Map<ConditionKey, repo.ConditionRow>;
  flushTimer: NodeJS.Timeout | undefined;
  flushing: Promise<void>;
  /**
   * Watermarks this process knows, per device. With them, a batch reads only the conditions not
   * at rest (pending, open, recently notified): the database stays the authority for those, so
   * another ingest process's raise or clear is seen; a device is read in full once.
   */
  known: Map<string, Map<ConditionKey, number>>;
};

type Evaluated = {
  written: repo.ConditionRow[];
  transitions: AlarmOutcome<repo.DefinedAlarm>['transitions'];
  peaks: AlarmOutcome<repo.DefinedAlarm>['peaks'];
};

function remember(s: EngineState, row: repo.ConditionRow, key: ConditionKey) {
  const held = s.watermarks.get(key);
  if ((held?.state.lastTsMs ?? -Infinity) < (row.state.lastTsMs ?? -Infinity)) {
    s.watermarks.set(key, row);
  }
  s.flushTimer ??= setTimeout(() => {
    s.flushTimer = undefined;
    void flush(s);
  }, s.deps.watermarkFlushMs ?? 5000);
  s.flushTimer.unref();
}

function flush(s: EngineState): Promise<void> {
  s.flushing = s.flushing.then(async () => {
    if (s.watermarks.size === 0) return;
    const rows = [...s.watermarks.values()];
    s.watermarks.clear();
    try {
      await repo.saveWatermarks(s.deps.db, rows);
    } catch (error) {
      s.deps.log.warn({ err: error }, 'alarm watermarks not written; kept for the next try');
      for (const row of rows) remember(s, row, conditionKey(row.alarmId, row.type as never));
    }
  });
  return s.flushing;
}

function learn(s: EngineState, deviceId: string, key: ConditionKey, lastTsMs: number | null) {
  if (lastTsMs === null) return;
  let keys = s.known.get(deviceId);
  if (!keys) {
    keys = new Map<ConditionKey, number>();
    s.known.set(deviceId, keys);
  }
  keys.set(key, Math.max(keys.get(key) ?? -Infinity, lastTsMs));
}

/** The stored states, with the watermarks held in memory where they are newer. */
async function statesOf(
  s: EngineState,
  deviceIds: string[],
): Promise<Map<ConditionKey, ConditionState>> {
  const cold = deviceIds.filter((deviceId) => !s.known.has(deviceId));
  const states = await repo.conditionsOf(s.deps.db, deviceIds, cold);
  for (const deviceId of cold) s.known.set(deviceId, new Map<ConditionKey, number>());
  for (const [key, state] of states) learn(s, state.deviceId, key, state.lastTsMs);
  for (const deviceId of deviceIds) {
    for (const [key, lastTsMs] of s.known.get(deviceId) ?? []) {
      const stored = states.get(key);
      if (!stored) states.set(key, { ...initialState, deviceId, lastTsMs });
      else if ((stored.lastTsMs ?? -Infinity) < lastTsMs) states.set(key, { ...stored, lastTsMs });
    }
  }
  return states;
}

/**
 * The pure evaluation of each device's batch; conditions that only moved a watermark are
 * remembered for the write behind, the others are returned to be written.
 */
function evaluateBatches(
  s: EngineState,
  batches: Map<string, DeviceBatch>,
  states: Map<ConditionKey, ConditionState>,
): Evaluated {
  const evaluated: Evaluated = { written: [], transitions: [], peaks: [] };
  for (const [deviceId, batch] of batches) {
    const outcome = evaluateReadings(batch.alarms, states, batch.readings);
    for (const [key, { state, change }] of outcome.states) {
      const [alarmId = '', type = ''] = key.split('|');
      const row = { alarmId, type, deviceId, state };
      learn(s, deviceId, key, state.lastTsMs);
      if (change === 'transition') evaluated.written.push(row);
      else remember(s, row, key);
    }
    evaluated.transitions.push(...outcome.transitions);
    evaluated.peaks.push(...outcome.peaks);
  }
  return evaluated;
}

/** Stores one raise or clear; undefined when it was already stored (by another process). */
async function storeTransition(
  tx: Tx,
  transition: Evaluated['transitions'][number],
  at: Date,
): Promise<AlarmChange | undefined> {
  const { alarm } = transition;
  const base = {
    accountId: alarm.accountId,
    deviceId: alarm.deviceId,
    deviceName: alarm.deviceName,
    alarmId: alarm.id,
    alarmName: alarm.name,
    type: transition.type,
    value: transition.value,
  };
  if (transition.kind === 'raise') {
    const id = await repo.insertEvent(tx, {
      ...base,
      min: transition.min,
      max: transition.max,
      readingTs: new Date(transition.readingTsMs),
      outOfRangeSince: new Date(transition.outOfRangeSinceMs),
      raisedAt: at,
      notified: transition.notify,
    });
    if (!id) return undefined;
    if (transition.notify) await enqueueNotify(tx, id, 'raised');
    return { ...base, state: 'raised', eventId: id, min: transition.min, max: transition.max };
  }
  const cleared = await repo.clearEvent(tx, { ...base, peak: transition.peak }, at);
  if (!cleared) return undefined;
  if (transition.notify && cleared.notifiedCount > 0) {
    await enqueueNotify(tx, cleared.id, 'cleared');
  }
  return { ...base, state: 'cleared', eventId: cleared.id };
}

/** Events, notify jobs, peaks and condition states in one transaction. */
function storeEvaluated(s: EngineState, evaluated: Evaluated, at: Date): Promise<AlarmChange[]> {
  return s.deps.db.transaction(async (tx) => {
    const done: AlarmChange[] = [];
    for (const transition of evaluated.transitions) {
      const change = await storeTransition(tx, transition, at);
      if (change) done.push(change);
    }
    await repo.savePeaks(
      tx,
      evaluated.peaks.map(({ alarm, type, peak }) => ({
        deviceId: alarm.deviceId,
        alarmId: alarm.id,
        type,
        peak,
      })),
    );
    await repo.saveConditions(tx, evaluated.written);
    return done;
  });
}

async function apply(s: EngineState, batches: Map<string, DeviceBatch>): Promise<AlarmChange[]> {
  const states = await statesOf(s, [...batches.keys()]);
  const evaluated = evaluateBatches(s, batches, states);
  if (evaluated.written.length === 0) return [];
  const changes = await storeEvaluated(s, evaluated, s.now());
  if (changes.length > 0) s.deps.jobsEnqueued();
  return changes;
}

async function applyWithRetry(
  s: EngineState,
  batches: Map<string, DeviceBatch>,
): Promise<AlarmChange[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await apply(s, batches);
    } catch (error) {
      if (attempt >= attempts) throw error;
      s.deps.log.warn({ err: error, attempt }, 'alarm transitions not stored; retrying');
      await sleep(100 * 2 ** (attempt - 1));
    }
  }
}

/** The tickets' readings of watched devices, grouped per device (the readings themselves, not copies). */
function batchesOf(
  byDevice: Awaited<ReturnType<AlarmDefinitions['byDevice']>>,
  tickets: Ticket[],
): Map<string, DeviceBatch> {
  const batches = new Map<string, DeviceBatch>();
  for (const ticket of tickets) {
    for (const reading of ticket.readings) {
      let batch = batches.get(reading.deviceUuid);
      if (!batch) {
        const alarms = byDevice.get(reading.deviceUuid);
        if (!alarms) continue;
        batch = { alarms, readings: [] };
        batches.set(reading.deviceUuid, batch);
      }
      batch.readings.push(reading);
    }
  }
  return batches;
}

async function drain(s: EngineState, lane: Lane) {
  lane.running = true;
  while (lane.queue.length > 0) {
    const tickets = lane.queue.splice(0);
    try {
      const batches = batchesOf(await s.deps.definitions.byDevice(), tickets);
      const changes = batches.size > 0 ? await applyWithRetry(s, batches) : [];
      if (changes.length > 0) s.deps.announce(changes);
      for (const ticket of tickets) ticket.resolve();
    } catch (error) {
      for (const ticket of tickets) ticket.reject(error);
    }
  }
  lane.running = false;
}

function enqueue(s: EngineState, lane: Lane, readings: ResolvedReading[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    lane.queue.push({ readings, resolve, reject });
    if (!lane.running) void drain(s, lane);
  });
}

async function evaluate(s: EngineState, readings: ResolvedReading[]): Promise<void> {
  if (readings.length === 0) return;
  const byDevice = await s.deps.definitions.byDevice();
  const watched = readings.filter((reading) => byDevice.has(reading.deviceUuid));
  if (watched.length === 0) return;
  const { lanes } = s;
  const [only] = lanes;
  if (lanes.length === 1 && only) return enqueue(s, only, watched);
  // A device's lane is fixed (as the batch writer's).
  const parts = groupBy(watched, (reading) => deviceSlot(reading.deviceUuid, lanes.length));
  await Promise.all(
    [...parts].map(([lane, part]) => {
      const target = lanes[lane];
      return target ? enqueue(s, target, part) : Promise.resolve();
    }),
  );
}

async function devicesRecovered(s: EngineState, deviceIds: string[]): Promise<void> {
  const at = s.now();
  const cleared = await s.deps.db.transaction(async (tx) => {
    const rows = await repo.clearOfflineEvents(tx, deviceIds, at);
    for (const row of rows) {
      if (row.notifiedCount > 0) await enqueueNotify(tx, row.id, 'cleared');
    }
    return rows;
  });
  if (cleared.length === 0) return;
  s.deps.jobsEnqueued();
  s.deps.announce(
    cleared.map((row) => ({
      state: 'cleared',
      eventId: row.id,
      accountId: row.accountId,
      deviceId: row.deviceId,
      deviceName: row.deviceName,
      alarmId: null,
      alarmName: null,
      type: 'offline',
      value: null,
    })),
  );
}

async function close(s: EngineState): Promise<void> {
  clearTimeout(s.flushTimer);
  s.flushTimer = undefined;
  await flush(s);
}

/**
 * The alarm engine on the ingest path. Per batch: one read of the devices' condition states,
 * the pure evaluation (evaluate.ts), and — only when something was raised, cleared, or started
 * or ended a delay — one transaction. A reading that only moves a watermark is remembered in
 * memory and written behind every `watermarkFlushMs` (and on close): after a crash the
 * watermark is at worst that much older, and the transitions themselves are never lost.
 */
export function createAlarmEngine(deps: AlarmEngineDeps): AlarmEngine {
  const s: EngineState = {
    deps,
    now: deps.now ?? (() => new Date()),
    lanes: Array.from({ length: Math.max(1, deps.lanes ?? 1) }, () => ({
      queue: [],
      running: false,
    })),
    watermarks: new Map(),
    flushTimer: undefined,
    flushing: Promise.resolve(),
    known: new Map(),
  };
  return {
    evaluate: (readings) => evaluate(s, readings),
    devicesRecovered: (deviceIds) => devicesRecovered(s, deviceIds),
    flush: () => flush(s),
    close: () => close(s),
  };
}

import type { Logger } from 'pino';
import type { Db } from '../../../db/client.js';
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
  /** Batches evaluated side by side (as the batch writer's lanes: 1 on PGlite). */
  lanes?: number;
};

type Ticket = {
  readings: ResolvedReading[];
  resolve: () => void;
  reject: (error: unknown) => void;
};
type DeviceBatch = { alarms: repo.DefinedAlarm[]; readings: ReadingInput[] };

const attempts = 3;
/** A device's lane, fixed (as the batch writer's). */
const laneOf = (deviceUuid: string, lanes: number) =>
  Number.parseInt(deviceUuid.slice(-6), 16) % lanes;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The alarm engine on the ingest path. Per batch: one read of the devices' condition states,
 * the pure evaluation (evaluate.ts), and — only when something was raised, cleared, or started
 * or ended a delay — one transaction. A reading that only moves a watermark is remembered in
 * memory and written behind every `watermarkFlushMs` (and on close): after a crash the
 * watermark is at worst that much older, and the transitions themselves are never lost.
 */
export function createAlarmEngine(deps: AlarmEngineDeps): AlarmEngine {
  const { db, definitions, log } = deps;
  const now = deps.now ?? (() => new Date());
  /** One queue per lane; a device always uses the same one, so its readings stay in order. */
  const lanes = Array.from({ length: Math.max(1, deps.lanes ?? 1) }, () => ({
    queue: [] as Ticket[],
    running: false,
  }));
  const watermarks = new Map<ConditionKey, repo.ConditionRow>();
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  function remember(row: repo.ConditionRow, key: ConditionKey) {
    const held = watermarks.get(key);
    if ((held?.state.lastTsMs ?? -Infinity) < (row.state.lastTsMs ?? -Infinity)) {
      watermarks.set(key, row);
    }
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      void flush();
    }, deps.watermarkFlushMs ?? 5000);
    flushTimer.unref();
  }

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (watermarks.size === 0) return;
      const rows = [...watermarks.values()];
      watermarks.clear();
      try {
        await repo.saveWatermarks(db, rows);
      } catch (error) {
        log.warn({ err: error }, 'alarm watermarks not written; kept for the next try');
        for (const row of rows) remember(row, conditionKey(row.alarmId, row.type as never));
      }
    });
    return flushing;
  }

  /**
   * Watermarks this process knows, per device. With them, a batch reads only the conditions not
   * at rest (pending, open, recently notified): the database stays the authority for those, so
   * another ingest process's raise or clear is seen; a device is read in full once.
   */
  const known = new Map<string, Map<ConditionKey, number>>();

  function learn(deviceId: string, key: ConditionKey, lastTsMs: number | null) {
    if (lastTsMs === null) return;
    let keys = known.get(deviceId);
    if (!keys) {
      keys = new Map<ConditionKey, number>();
      known.set(deviceId, keys);
    }
    keys.set(key, Math.max(keys.get(key) ?? -Infinity, lastTsMs));
  }

  /** The stored states, with the watermarks held in memory where they are newer. */
  async function statesOf(deviceIds: string[]): Promise<Map<ConditionKey, ConditionState>> {
    const cold = deviceIds.filter((deviceId) => !known.has(deviceId));
    const states = await repo.conditionsOf(db, deviceIds, cold);
    for (const deviceId of cold) known.set(deviceId, new Map<ConditionKey, number>());
    for (const [key, state] of states) learn(state.deviceId, key, state.lastTsMs);
    for (const deviceId of deviceIds) {
      for (const [key, lastTsMs] of known.get(deviceId) ?? []) {
        const stored = states.get(key);
        if (!stored) states.set(key, { ...initialState, deviceId, lastTsMs });
        else if ((stored.lastTsMs ?? -Infinity) < lastTsMs)
          states.set(key, { ...stored, lastTsMs });
      }
    }
    return states;
  }

  async function apply(batches: Map<string, DeviceBatch>): Promise<AlarmChange[]> {
    const states = await statesOf([...batches.keys()]);
    const written: repo.ConditionRow[] = [];
    const transitions: AlarmOutcome<repo.DefinedAlarm>['transitions'] = [];
    const peaks: AlarmOutcome<repo.DefinedAlarm>['peaks'] = [];
    for (const [deviceId, batch] of batches) {
      const outcome = evaluateReadings(batch.alarms, states, batch.readings);
      for (const [key, { state, change }] of outcome.states) {
        const [alarmId = '', type = ''] = key.split('|');
        const row = { alarmId, type, deviceId, state };
        learn(deviceId, key, state.lastTsMs);
        if (change === 'transition') written.push(row);
        else remember(row, key);
      }
      transitions.push(...outcome.transitions);
      peaks.push(...outcome.peaks);
    }
    if (written.length === 0) return [];
    const at = now();
    const changes = await db.transaction(async (tx) => {
      const done: AlarmChange[] = [];
      for (const transition of transitions) {
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
          if (!id) continue;
          if (transition.notify) await enqueueNotify(tx, id, 'raised');
          done.push({
            ...base,
            state: 'raised',
            eventId: id,
            min: transition.min,
            max: transition.max,
          });
        } else {
          const cleared = await repo.clearEvent(tx, { ...base, peak: transition.peak }, at);
          if (!cleared) continue;
          if (transition.notify && cleared.notifiedCount > 0) {
            await enqueueNotify(tx, cleared.id, 'cleared');
          }
          done.push({ ...base, state: 'cleared', eventId: cleared.id });
        }
      }
      await repo.savePeaks(
        tx,
        peaks.map(({ alarm, type, peak }) => ({
          deviceId: alarm.deviceId,
          alarmId: alarm.id,
          type,
          peak,
        })),
      );
      await repo.saveConditions(tx, written);
      return done;
    });
    if (changes.length > 0) deps.jobsEnqueued();
    return changes;
  }

  async function applyWithRetry(batches: Map<string, DeviceBatch>): Promise<AlarmChange[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await apply(batches);
      } catch (error) {
        if (attempt >= attempts) throw error;
        log.warn({ err: error, attempt }, 'alarm transitions not stored; retrying');
        await sleep(100 * 2 ** (attempt - 1));
      }
    }
  }

  async function drain(lane: (typeof lanes)[number]) {
    lane.running = true;
    while (lane.queue.length > 0) {
      const tickets = lane.queue.splice(0);
      try {
        const byDevice = await definitions.byDevice();
        const batches = new Map<string, DeviceBatch>();
        for (const reading of tickets.flatMap((ticket) => ticket.readings)) {
          const alarms = byDevice.get(reading.deviceUuid);
          if (!alarms) continue;
          const batch = batches.get(reading.deviceUuid) ?? { alarms, readings: [] };
          batch.readings.push({ tsMs: reading.tsMs, values: reading.values });
          batches.set(reading.deviceUuid, batch);
        }
        const changes = batches.size > 0 ? await applyWithRetry(batches) : [];
        if (changes.length > 0) deps.announce(changes);
        for (const ticket of tickets) ticket.resolve();
      } catch (error) {
        for (const ticket of tickets) ticket.reject(error);
      }
    }
    lane.running = false;
  }

  function enqueue(lane: (typeof lanes)[number], readings: ResolvedReading[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      lane.queue.push({ readings, resolve, reject });
      if (!lane.running) void drain(lane);
    });
  }

  return {
    async evaluate(readings) {
      if (readings.length === 0) return;
      const byDevice = await definitions.byDevice();
      const watched = readings.filter((reading) => byDevice.has(reading.deviceUuid));
      if (watched.length === 0) return;
      const [only] = lanes;
      if (lanes.length === 1 && only) return enqueue(only, watched);
      const parts = new Map<number, ResolvedReading[]>();
      for (const reading of watched) {
        const lane = laneOf(reading.deviceUuid, lanes.length);
        const part = parts.get(lane);
        if (part) part.push(reading);
        else parts.set(lane, [reading]);
      }
      await Promise.all(
        [...parts].map(([lane, part]) => {
          const target = lanes[lane];
          return target ? enqueue(target, part) : Promise.resolve();
        }),
      );
    },
    async devicesRecovered(deviceIds) {
      const at = now();
      const cleared = await db.transaction(async (tx) => {
        const rows = await repo.clearOfflineEvents(tx, deviceIds, at);
        for (const row of rows) {
          if (row.notifiedCount > 0) await enqueueNotify(tx, row.id, 'cleared');
        }
        return rows;
      });
      if (cleared.length === 0) return;
      deps.jobsEnqueued();
      deps.announce(
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
    },
    flush,
    async close() {
      clearTimeout(flushTimer);
      flushTimer = undefined;
      await flush();
    },
  };
}

import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { columnIndex } from '../../ingest/columns.js';
import type { IngestEvents } from '../../ingest/events.js';
import type { ResolvedReading } from '../readings/index.js';
import * as repo from './repo.js';
import { doorClosed, doorOpen, doorTransitions, type DoorSample } from './transitions.js';
import { toDoorOpening } from './view.js';

/**
 * Only open and closed can change a door event: 2 (unknown, not applicable — what sensors
 * without a door send) and -255 (stored as null) are left out before any work is done.
 */
const doorState = (reading: ResolvedReading) => {
  const d = reading.values[columnIndex.d];
  return d === doorOpen || d === doorClosed ? d : undefined;
};
/** Attempts before a round's door work fails it (the follow-up retries the round: follow-up.ts). */
const attempts = 3;

export type DoorTracker = {
  /**
   * Turns the door readings among durable readings into door events; resolves when those are
   * durable too. Readings without an open or closed `d` cost nothing. Applying the same readings again (a message
   * redelivered) changes nothing, so it is safe to pass duplicates.
   */
  track: (readings: ResolvedReading[]) => Promise<void>;
};

type Ticket = {
  readings: ResolvedReading[];
  resolve: () => void;
  reject: (error: unknown) => void;
};
type DeviceSamples = { accountId: string; samples: DoorSample[] };

/** The door-lock user who opened it, when the lock sends one (an extra field `usr`). */
function lockUser(reading: ResolvedReading): string | null {
  const usr = reading.extra?.usr;
  const text = typeof usr === 'number' ? String(usr) : typeof usr === 'string' ? usr.trim() : '';
  return text === '' ? null : text.slice(0, 64);
}

function byDevice(readings: ResolvedReading[]): Map<string, DeviceSamples> {
  const devices = new Map<string, DeviceSamples>();
  for (const reading of readings) {
    const d = doorState(reading);
    if (d === undefined) continue;
    let device = devices.get(reading.deviceUuid);
    if (!device) {
      device = { accountId: reading.accountId, samples: [] };
      devices.set(reading.deviceUuid, device);
    }
    device.samples.push({ tsMs: reading.tsMs, d, usr: lockUser(reading) });
  }
  return devices;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type TrackerDeps = { db: Db; events: IngestEvents; log: Logger };
/** A tracker's dependencies and queue; the functions below work on it. */
type TrackerState = TrackerDeps & { queue: Ticket[]; running: boolean };
type DoorChanges = { openings: repo.NewOpening[]; closes: { id: string; closedAt: Date }[] };

/** What the samples change, given each device's latest stored event. */
function changesOf(
  latest: Awaited<ReturnType<typeof repo.latestEvents>>,
  devices: Map<string, DeviceSamples>,
): DoorChanges {
  const openings: repo.NewOpening[] = [];
  const closes: { id: string; closedAt: Date }[] = [];
  for (const [deviceId, { accountId, samples }] of devices) {
    const changes = doorTransitions(latest.get(deviceId) ?? null, samples);
    if (changes.close) {
      closes.push({ id: changes.close.id, closedAt: new Date(changes.close.closedAt) });
    }
    for (const opening of changes.openings) {
      openings.push({
        accountId,
        deviceId,
        openedAt: new Date(opening.openedAt),
        closedAt: opening.closedAt === null ? null : new Date(opening.closedAt),
        usr: opening.usr,
      });
    }
  }
  return { openings, closes };
}

/** Stores what the readings change; returns the ids of the events opened or closed. */
async function apply(db: Db, devices: Map<string, DeviceSamples>): Promise<string[]> {
  // Usually nothing changes (a door reports every few seconds): one read and no transaction.
  const latest = await repo.latestEvents(db, [...devices.keys()]);
  const { openings, closes } = changesOf(latest, devices);
  if (openings.length === 0 && closes.length === 0) return [];
  return db.transaction(async (tx) => {
    // Closing first: the device's next opening may only exist once the previous one is closed.
    const closed = await repo.closeOpenings(tx, closes);
    return [...closed, ...(await repo.insertOpenings(tx, openings))];
  });
}

async function applyWithRetry(
  state: TrackerState,
  devices: Map<string, DeviceSamples>,
): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await apply(state.db, devices);
    } catch (error) {
      if (attempt >= attempts) throw error;
      state.log.warn({ err: error, attempt }, 'door events not stored; retrying');
      await sleep(100 * 2 ** (attempt - 1));
    }
  }
}

/** The live events, once the door events are durable; a failure here loses no data. */
async function emit({ db, events, log }: TrackerState, ids: string[]) {
  if (ids.length === 0 || events.listenerCount('door') === 0) return;
  try {
    const rows = await repo.findOpenings(db, ids);
    rows.sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime());
    for (const row of rows)
      events.emit('door', { accountId: row.accountId, opening: toDoorOpening(row) });
  } catch (error) {
    log.warn({ err: error }, 'door events stored but not announced');
  }
}

async function drain(state: TrackerState) {
  state.running = true;
  while (state.queue.length > 0) {
    const tickets = state.queue.splice(0);
    try {
      const devices = byDevice(tickets.flatMap((ticket) => ticket.readings));
      const changed = await applyWithRetry(state, devices);
      await emit(state, changed);
      for (const ticket of tickets) ticket.resolve();
    } catch (error) {
      for (const ticket of tickets) ticket.reject(error);
    }
  }
  state.running = false;
}

function track(state: TrackerState, readings: ResolvedReading[]): Promise<void> {
  const doors = readings.filter((reading) => doorState(reading) !== undefined);
  if (doors.length === 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    state.queue.push({ readings: doors, resolve, reject });
    if (!state.running) void drain(state);
  });
}

/**
 * Door openings from readings, in the follow-up of durable readings (modules/readings/follow-up.ts).
 * Calls that arrive while a batch is being applied share the next batch: one transaction of a
 * few statements for all door sensors, applied one batch at a time so that a device's readings
 * are applied in order.
 */
export function createDoorTracker(deps: { db: Db; events: IngestEvents; log: Logger }) {
  const state: TrackerState = {
    db: deps.db,
    events: deps.events,
    log: deps.log,
    queue: [],
    running: false,
  };
  return {
    track(readings) {
      return track(state, readings);
    },
  } satisfies DoorTracker;
}

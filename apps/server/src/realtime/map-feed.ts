import { randomUUID } from 'node:crypto';
import type { MapLiveDataEvent, MapNotificationEvent } from '@vigil/contracts';
import type { Logger } from 'pino';
import type { DeviceStatusChange, IngestEvents, LiveReading } from '../ingest/events.js';
import type { Broadcast } from './broadcast.js';
import { createLiveThrottle } from './live-throttle.js';
import { deviceAudience } from './rooms.js';

/** At most one mapLiveData per placed device per window (the map's hover tooltip). */
export const mapLiveWindowMs = 5000;
/** How long the set of placed devices is trusted before it is read again (other processes' saves). */
export const placedRefreshMs = 10_000;

const value = (reading: LiveReading['reading'], key: 't' | 'thermo' | 'c' | 'h') => reading[key];

export function mapLivePayload(live: LiveReading): MapLiveDataEvent {
  const { reading } = live;
  return {
    deviceDBId: live.id,
    deviceId: live.deviceId,
    createdAt: reading.createdAt,
    // As the alarm engine reads it: a Node_Type 1 node's thermocouple when it has one.
    temperature:
      reading.Node_Type === 1
        ? (value(reading, 'thermo') ?? value(reading, 't'))
        : value(reading, 't'),
    carbon: value(reading, 'c'),
    humidity: value(reading, 'h'),
  };
}

export type MapFeedDeps = {
  /** The devices placed on some map: row id → display name (modules/maps). */
  placedDevices: () => Promise<Map<string, string>>;
  events: IngestEvents;
  broadcast: Broadcast;
  log: Logger;
  windowMs?: number;
};

/** The placed devices, read lazily and trusted for `placedRefreshMs`. */
class PlacedDevices {
  private placed: Map<string, string> | undefined;
  private loadedAt = 0;
  private loading: Promise<Map<string, string>> | undefined;
  private readonly read: () => Promise<Map<string, string>>;

  constructor(read: () => Promise<Map<string, string>>) {
    this.read = read;
  }

  current(): Promise<Map<string, string>> {
    const placed = this.placed;
    if (placed && Date.now() - this.loadedAt < placedRefreshMs) return Promise.resolve(placed);
    this.loading ??= this.read()
      .then((found) => {
        this.placed = found;
        this.loadedAt = Date.now();
        return found;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  invalidate(): void {
    this.placed = undefined;
  }
}

/** mapNotification when a device on a map goes offline or comes back. */
function offlineNotification(change: DeviceStatusChange, name: string): MapNotificationEvent {
  const offline = change.status !== 'active';
  return {
    id: randomUUID(),
    deviceDBId: change.id,
    status: offline ? 'error' : 'success',
    type: 'offline',
    alarmType: 'offline',
    msg: offline ? `${name} is offline` : `${name} is back online`,
  };
}

/**
 * The map socket's events (spec monitoring 7) for devices placed on some map: mapLiveData on
 * readings (coalesced per device, newest kept) and a mapNotification when a device goes offline
 * or comes back (the alarm engine sends the alarm ones). Sent to the device's audience: the
 * account's owners and the users assigned to the device. The placed set is read from the
 * database lazily and again after `placedRefreshMs`, or at once after a save in this process.
 */
export function createMapFeed(deps: MapFeedDeps) {
  const { broadcast } = deps;
  const placed = new PlacedDevices(deps.placedDevices);
  let closed = false;

  const throttle = createLiveThrottle({
    windowMs: deps.windowMs ?? mapLiveWindowMs,
    graphLimit: 1,
    send(latest) {
      if (latest)
        broadcast(
          deviceAudience(latest.accountId, latest.id),
          'mapLiveData',
          mapLivePayload(latest),
        );
    },
  });

  const failed = (error: unknown) => {
    if (!closed) deps.log.warn({ err: error }, 'map live events not sent');
  };

  const onReadings = (readings: LiveReading[]) => {
    placed.current().then((ids) => {
      if (closed) return;
      const onMaps = readings.filter((live) => ids.has(live.id));
      if (onMaps.length > 0) throttle.push(onMaps);
    }, failed);
  };

  const onDeviceStatus = (change: DeviceStatusChange) => {
    placed.current().then((ids) => {
      const name = ids.get(change.id);
      if (closed || name === undefined) return;
      broadcast(
        deviceAudience(change.accountId, change.id),
        'mapNotification',
        offlineNotification(change, name),
      );
    }, failed);
  };

  deps.events.on('readings', onReadings);
  deps.events.on('deviceStatus', onDeviceStatus);
  return {
    /** A map was saved or deleted here: read the placed devices again on the next event. */
    invalidate() {
      placed.invalidate();
    },
    close() {
      closed = true;
      deps.events.off('readings', onReadings);
      deps.events.off('deviceStatus', onDeviceStatus);
      throttle.flushAll();
      throttle.close();
    },
  };
}
export type MapFeed = ReturnType<typeof createMapFeed>;

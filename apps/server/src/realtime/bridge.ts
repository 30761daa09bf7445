import type { DeviceStatusEvent } from '@vigil/contracts';
import type {
  DeviceStatusChange,
  IngestEvents,
  IngestEventMap,
  LiveReading,
} from '../ingest/events.js';
import type { Broadcast } from './broadcast.js';
import { createLiveThrottle } from './live-throttle.js';
import { deviceAudience, room } from './rooms.js';

/**
 * One frame of a 60 Hz display: coalescing a device's readings never delays one by more than
 * the browser would wait to draw it anyway (bench:live measures publish -> liveData).
 */
export const liveWindowMs = 16;
/** About 100 chart points a second per device: a gateway catching up sends its newest. */
export const graphPointsPerWindow = 2;

const livePayload = (live: LiveReading) => ({
  id: live.id,
  deviceId: live.deviceId,
  reading: live.reading,
});

export const deviceStatusPayload = (change: {
  id: string;
  deviceId: string;
  status: 'active' | 'inactive';
  lastSeenAt: string | null;
}): DeviceStatusEvent => ({
  id: change.id,
  device_id: change.deviceId,
  status: change.status,
  lastSeenAt: change.lastSeenAt,
});

/**
 * Forwards the ingest path's in-process events (emitted once the data is durable) to the rooms
 * that may see them. Readings are coalesced per device (live-throttle.ts); status changes go to
 * the device's room at once and, gathered per account over one turn of the event loop (an
 * offline sweep marks many devices at once), to the account's owners as one devicesStatusData.
 * Payloads are built from typed data and not validated again: this is the hot path.
 */
export function bridgeIngestEvents(
  events: IngestEvents,
  broadcast: Broadcast,
  options: { windowMs?: number; graphLimit?: number } = {},
) {
  const throttle = createLiveThrottle({
    windowMs: options.windowMs ?? liveWindowMs,
    graphLimit: options.graphLimit ?? graphPointsPerWindow,
    send(latest, graph) {
      if (latest) broadcast(room.device(latest.id), 'liveData', livePayload(latest));
      for (const point of graph) {
        broadcast(room.deviceGraph(point.id), 'graphData', livePayload(point));
      }
    },
  });

  const changed = new Map<string, Map<string, DeviceStatusEvent>>();
  let flushScheduled: NodeJS.Immediate | undefined;
  const flushStatuses = () => {
    flushScheduled = undefined;
    for (const [accountId, devices] of changed) {
      broadcast(room.accountOwners(accountId), 'devicesStatusData', {
        devices: [...devices.values()],
      });
    }
    changed.clear();
  };

  const onReadings = (readings: LiveReading[]) => {
    throttle.push(readings);
  };
  const onDeviceStatus = (change: DeviceStatusChange) => {
    const payload = deviceStatusPayload(change);
    broadcast(room.device(change.id), 'deviceStatus', payload);
    const devices = changed.get(change.accountId) ?? new Map<string, DeviceStatusEvent>();
    changed.set(change.accountId, devices.set(change.id, payload));
    flushScheduled ??= setImmediate(flushStatuses);
  };
  // Account-wide, yet a `user` sees only assigned devices: owners and the door's assigned users.
  const onDoor = ({ accountId, opening }: IngestEventMap['door'][0]) => {
    broadcast(deviceAudience(accountId, opening.deviceDbId), 'recentDoorData', opening);
  };

  const onFirmware = (change: IngestEventMap['firmware'][0]) => {
    broadcast(room.platform(), 'gatewayFirmware', change);
  };

  events.on('readings', onReadings);
  events.on('firmware', onFirmware);
  events.on('deviceStatus', onDeviceStatus);
  events.on('door', onDoor);
  return {
    throttle,
    /** Sends what is held and stops listening. */
    close() {
      events.off('readings', onReadings);
      events.off('firmware', onFirmware);
      events.off('deviceStatus', onDeviceStatus);
      events.off('door', onDoor);
      throttle.flushAll();
      throttle.close();
      if (flushScheduled) clearImmediate(flushScheduled);
      flushStatuses();
    },
  };
}
export type IngestBridge = ReturnType<typeof bridgeIngestEvents>;

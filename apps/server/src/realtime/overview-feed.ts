import type { DeviceStatusChange, IngestEvents, LiveReading } from '../ingest/events.js';
import { deviceStatusPayload } from './bridge.js';
import type { Broadcast } from './broadcast.js';
import { createLiveThrottle } from './live-throttle.js';
import { overviewAudience } from './rooms.js';

/** At most one overviewData per device per window: a tile shows the newest reading. */
export const overviewWindowMs = 5000;

/**
 * The overview sockets' events: each device's newest reading (coalesced per device, so that a
 * gateway catching up on hours sends one) and its online changes, to the sockets of the
 * account's owners and of the users assigned to it that opened the overview.
 */
export function createOverviewFeed(deps: {
  events: IngestEvents;
  broadcast: Broadcast;
  windowMs?: number;
}) {
  const { broadcast } = deps;
  const throttle = createLiveThrottle({
    windowMs: deps.windowMs ?? overviewWindowMs,
    graphLimit: 1,
    send(latest) {
      if (!latest) return;
      broadcast(overviewAudience(latest.accountId, latest.id), 'overviewData', {
        id: latest.id,
        deviceId: latest.deviceId,
        reading: latest.reading,
      });
    },
  });
  const onReadings = (readings: LiveReading[]) => {
    throttle.push(readings);
  };
  const onDeviceStatus = (change: DeviceStatusChange) => {
    broadcast(
      overviewAudience(change.accountId, change.id),
      'deviceStatus',
      deviceStatusPayload(change),
    );
  };
  deps.events.on('readings', onReadings);
  deps.events.on('deviceStatus', onDeviceStatus);
  return {
    close() {
      deps.events.off('readings', onReadings);
      deps.events.off('deviceStatus', onDeviceStatus);
      throttle.flushAll();
      throttle.close();
    },
  };
}
export type OverviewFeed = ReturnType<typeof createOverviewFeed>;

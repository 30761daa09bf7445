import type { MapNotificationEvent } from '@vigil/contracts';
import type { Executor } from '../../../db/client.js';
import { enqueue } from '../../../jobs/queue.js';
import {
  alarmNotifyJob,
  alarmNotifySingletonKey,
  type AlarmNotifyOccasion,
} from '../../notifications/index.js';
import type { Realtime } from '../../../realtime/realtime.js';

/** Asks the notification module to send one occasion of an event, in the event's transaction. */
export async function enqueueNotify(
  tx: Executor,
  eventId: string,
  occasion: AlarmNotifyOccasion,
  sequence = 1,
): Promise<void> {
  const payload = { eventId, occasion, sequence };
  await enqueue(tx, alarmNotifyJob, payload, { singletonKey: alarmNotifySingletonKey(payload) });
}

/** An event that was raised or cleared, told to browsers once its transaction committed. */
export type AlarmChange = {
  state: 'raised' | 'cleared';
  eventId: string;
  accountId: string;
  deviceId: string;
  deviceName: string;
  /** Null for an offline alarm. */
  alarmId: string | null;
  alarmName: string | null;
  type: string;
  value: number | null;
  /** The thresholds of a raise, when it has them. */
  min?: number | null;
  max?: number | null;
};

export type Announce = (changes: AlarmChange[]) => void;

const typeLabel = (type: string) => type.replaceAll('_', ' ');

/** The map toast's text (the web app shows it as sent). */
export function mapMessage(change: AlarmChange): string {
  if (change.type === 'offline') {
    return change.state === 'raised'
      ? `${change.deviceName} is offline`
      : `${change.deviceName} is back online`;
  }
  const what = `${change.alarmName ?? 'Alarm'} on ${change.deviceName}`;
  const value = change.value === null ? '' : ` (${String(change.value)})`;
  return change.state === 'raised'
    ? `${what}: ${typeLabel(change.type)} out of range${value}`
    : `${what}: ${typeLabel(change.type)} back in range${value}`;
}

export function mapNotificationOf(change: AlarmChange): MapNotificationEvent {
  return {
    id: change.eventId,
    deviceDBId: change.deviceId,
    status: change.state === 'raised' ? 'error' : 'success',
    type: change.type === 'offline' ? 'offline' : 'alarm',
    alarmType: change.type,
    msg: mapMessage(change),
  };
}

/**
 * `newAlarm`/`removeAlarm`, `alarmData` and (but for offline) `mapNotification` for each change, to the device's
 * audience (its account's owners, its assigned users and its room).
 */
export function realtimeAnnouncer(realtime: Pick<Realtime, 'emitAlarm'>): Announce {
  return (changes) => {
    for (const change of changes) {
      const target = { accountId: change.accountId, deviceId: change.deviceId };
      const alarm = { deviceId: change.deviceId, alarmId: change.alarmId, alarmType: change.type };
      if (change.state === 'raised') {
        realtime.emitAlarm('newAlarm', target, {
          ...alarm,
          eventId: change.eventId,
          deviceName: change.deviceName,
          alarmName: change.alarmName,
          value: change.value,
          min: change.min ?? null,
          max: change.max ?? null,
        });
      } else realtime.emitAlarm('removeAlarm', target, alarm);
      realtime.emitAlarm('alarmData', target, { ...alarm, state: change.state });
      // The map learns of offline devices from their status (realtime/map-feed.ts); sending the
      // offline alarm too would toast and sound twice for one device going silent.
      if (change.type !== 'offline')
        realtime.emitAlarm('mapNotification', target, mapNotificationOf(change));
    }
  };
}

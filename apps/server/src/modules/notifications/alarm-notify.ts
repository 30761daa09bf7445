import type { AlarmNotifyPayload } from '@vigil/contracts';

export type { AlarmNotifyOccasion, AlarmNotifyPayload } from '@vigil/contracts';

/**
 * The alarm engine's request to notify about one alarm event; the notification module's
 * handler of this job fans it out to every recipient and channel. Enqueue it in the same
 * transaction as the event change, with `alarmNotifySingletonKey`, so that it exists exactly
 * when the change does and never twice.
 */
export const alarmNotifyJob = 'alarm.notify';

export function alarmNotifySingletonKey(payload: AlarmNotifyPayload): string {
  return `${alarmNotifyJob}:${payload.eventId}:${payload.occasion}:${payload.sequence}`;
}

import { z } from 'zod';

/**
 * The alarm engine's request to notify about one alarm event; the notification module's
 * handler of this job fans it out to every recipient and channel. Enqueue it in the same
 * transaction as the event change, with `alarmNotifySingletonKey`, so that it exists exactly
 * when the change does and never twice.
 */
export const alarmNotifyJob = 'alarm.notify';

export const alarmNotifyOccasion = z.enum([
  /** The excursion was raised (after its delay). */
  'raised',
  /** Still out of range and unacknowledged after `frequency` minutes (not for one-time alarms). */
  'repeat',
  /** Back in range. */
  'cleared',
  /** Unacknowledged for the account's `escalation_minutes`: goes to the account's admins. */
  'escalated',
]);
export type AlarmNotifyOccasion = z.infer<typeof alarmNotifyOccasion>;

export const alarmNotifyPayload = z.object({
  eventId: z.uuid(),
  occasion: alarmNotifyOccasion,
  /** 1 for the first message of this occasion, 2 for the next repeat, ... */
  sequence: z.number().int().min(1),
});
export type AlarmNotifyPayload = z.infer<typeof alarmNotifyPayload>;

export function alarmNotifySingletonKey(payload: AlarmNotifyPayload): string {
  return `${alarmNotifyJob}:${payload.eventId}:${payload.occasion}:${payload.sequence}`;
}

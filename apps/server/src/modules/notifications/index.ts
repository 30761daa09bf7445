/**
 * What other domains and the composition root may use of notifications: the alarm engine's
 * request to notify (`alarm.notify`), the default message templates, the notification log, and
 * the jobs that fan an alarm out and deliver each message.
 */
export {
  alarmNotifyJob,
  alarmNotifySingletonKey,
  type AlarmNotifyOccasion,
  type AlarmNotifyPayload,
} from './alarm-notify.js';
export { markDone, markSent } from './delivery-repo.js';
export { insertNotifications } from './fan-out-repo.js';
export { notificationJobHandlers } from './jobs.js';
export { defaultTemplates } from './templates.js';

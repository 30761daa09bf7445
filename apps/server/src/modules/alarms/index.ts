/**
 * The alarms domain's public face: everything outside modules/alarms (the composition root and
 * the clock's schedules, the ingest path, the device export, other domains) uses alarms through
 * this file only (lint holds it); app.ts mounts its routes from http.ts beside it. Nothing
 * here reaches the AppContext, which holds the ingest path that uses the engine from here.
 *
 * Inside: `engine/` evaluates readings and sweeps open events (README.md there); `definitions/`
 * and `profiles/` are the alarms users set up; `events/` the raised events, their list,
 * acknowledgement and comments; `exports/` the alarm report download and its job.
 */
export { deviceThresholdAlarms } from './definitions/device-thresholds.js';
export { alarmExportJobHandlers } from './exports/alarm-export.js';
export { realtimeAnnouncer, type Announce } from './engine/announce.js';
export { createAlarmDefinitions, type AlarmDefinitions } from './engine/definitions.js';
export { createAlarmEngine, type AlarmEngine } from './engine/engine.js';
export {
  alarmSweepJobHandlers,
  alarmsClock,
  sweepOfflineAlarmsLogged,
} from './engine/sweep-jobs.js';

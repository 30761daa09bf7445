/**
 * The alarms domain's HTTP face, mounted by app.ts: `/api/alarms/*` and `/api/device-alarm/*`.
 * Apart from index.ts (what the rest of the server uses) because the routes take the whole
 * `AppContext`, which the ingest path, itself using the engine through index.ts, is part of.
 */
export { alarmDefinitionRoutes } from './definitions/routes.js';
export { alertProfileRoutes } from './profiles/routes.js';
export { alarmRoutes } from './events/routes.js';
export { alarmEventRoutes } from './events/events-routes.js';

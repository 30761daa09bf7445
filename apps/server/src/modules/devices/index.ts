/**
 * What the composition root uses of devices: the live views' sources for the socket server and
 * the offline sweep with its clock entry.
 */
export { liveDeviceSources } from './live.js';
export { offlineSweepClock, offlineSweepJobHandlers } from './offline-sweep.js';

/** What other domains may use of the notification log. */
export { markDone, markSent } from './delivery-repo.js';
export { insertNotifications } from './fan-out-repo.js';

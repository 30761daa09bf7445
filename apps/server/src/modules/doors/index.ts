/** What the ingest path uses of doors: the tracker of openings that the follow-up feeds. */
export { createDoorTracker, type DoorTracker } from './tracker.js';

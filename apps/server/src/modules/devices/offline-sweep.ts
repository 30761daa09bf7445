import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { IngestEvents } from '../../ingest/events.js';
import { noPayload, type ClockEntry } from '../../jobs/clock.js';
import { defineJobHandlers, type JobHandlers } from '../../jobs/worker.js';
import * as repo from './offline-repo.js';

/** Marks silent devices offline and tells live views; returns how many went offline. */
export async function sweepOfflineDevices(
  db: Db,
  events: IngestEvents | undefined,
): Promise<number> {
  const swept = await repo.sweepOfflineDevices(db);
  for (const device of swept) {
    events?.emit('deviceStatus', {
      id: device.id,
      accountId: device.accountId,
      deviceId: device.deviceId,
      status: 'inactive',
      lastSeenAt: device.lastSeenAt?.toISOString() ?? null,
    });
  }
  return swept.length;
}

/** Once a minute; the next minute's sweep repeats a failed one, so no retry. */
export const offlineSweepClock: ClockEntry[] = [
  { job: 'ingest.offlineSweep', every: 'minute', payload: noPayload, maxAttempts: 1 },
];

export function offlineSweepJobHandlers(deps: {
  db: Db;
  events: IngestEvents | undefined;
  log: Logger;
  /** What follows devices going offline: their offline alarms (the alarms domain's sweep). */
  afterSweep: () => Promise<void>;
}): JobHandlers {
  return defineJobHandlers({
    'ingest.offlineSweep': async () => {
      const count = await sweepOfflineDevices(deps.db, deps.events);
      if (count > 0) deps.log.info({ devices: count }, 'devices went offline');
      await deps.afterSweep();
    },
  });
}

import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/client.js';
import type { ClockEntry } from '../../jobs/clock.js';
import { defineJobHandlers, type JobHandlers } from '../../jobs/worker.js';
import type { AuditSubject } from '../../lib/actor.js';
import * as audit from '../audit/index.js';
import { queueReadingsPurge } from '../readings/index.js';
import { filesRoot } from '../files/index.js';
import * as repo from './repo.js';

/** The hourly sweep that purges deleted accounts whose grace period has ended. */
export const accountPurgeJob = 'accounts.purge';

/** Once an hour, up to the minute the clock ticked at. */
export const accountsClock: ClockEntry[] = [
  { job: accountPurgeJob, every: 'hour', payload: (minute) => ({ at: minute }) },
];

/** The platform itself, for entries no person caused. */
const platformSubject: AuditSubject = {
  userId: null,
  email: null,
  accountId: null,
  accountName: null,
  ip: null,
};

/**
 * Deletes every disabled account whose `purge_after` is at or before `now`, one transaction per
 * account with its audit entry; the readings of its devices (no foreign key) are removed by
 * `device.purgeReadings` jobs queued in that transaction, its export files here.
 * Returns how many accounts went.
 */
export async function purgeDueAccounts(
  deps: { db: Db; dataDir: string },
  now: Date,
): Promise<number> {
  let purged = 0;
  for (const account of await repo.accountsDueForPurge(deps.db, now)) {
    const gone = await deps.db.transaction(async (tx) => {
      const footprint = await repo.accountFootprint(tx, account.id);
      if (!(await repo.deleteDisabledAccount(tx, account.id))) return false;
      for (const deviceId of footprint.deviceIds) {
        await queueReadingsPurge(tx, deviceId);
      }
      await audit.record(tx, platformSubject, {
        event: 'account',
        action: 'purge',
        information: `Purged deleted account ${account.companyName} (${account.email}, id ${account.id}) after its grace period: ${footprint.users} users, ${footprint.gateways} gateways, ${footprint.deviceIds.length} devices and their data`,
      });
      return true;
    });
    if (!gone) continue;
    purged += 1;
    await rm(join(filesRoot(deps.dataDir), 'exports', account.id), {
      recursive: true,
      force: true,
    });
  }
  return purged;
}

/** The hourly purge of accounts past their grace period, for the worker. */
export function accountPurgeJobHandlers(deps: { db: Db; dataDir: string }): JobHandlers {
  return defineJobHandlers({
    [accountPurgeJob]: async ({ at }) => {
      await purgeDueAccounts(deps, new Date(at));
    },
  });
}

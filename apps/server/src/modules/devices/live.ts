import type { Executor } from '../../db/client.js';
import type { RealtimeSources } from '../../realtime/ports.js';
import * as repo from './live-repo.js';
import { toReading } from './view.js';

/** What the socket server reads of devices: its handshake and the state a socket is welcomed with. */
export function liveDeviceSources(
  db: Executor,
): Pick<
  RealtimeSources,
  'visibleDevice' | 'assignedDeviceIds' | 'deviceState' | 'accountDeviceStates'
> {
  return {
    visibleDevice: (accountId, key, assignedTo) =>
      repo.findDeviceState(db, accountId, key, assignedTo ?? undefined),
    assignedDeviceIds: (userId) => repo.assignedDeviceIds(db, userId),
    async deviceState(accountId, id) {
      const state = await repo.findDeviceState(db, accountId, { id });
      return state && { ...state, latest: toReading(state.latestData) };
    },
    accountDeviceStates: (accountId) => repo.accountDeviceStates(db, accountId),
  };
}

import type { CoreContext } from './core-context.js';
import { actorOfToken } from './modules/auth/index.js';
import { liveDeviceSources } from './modules/devices/index.js';
import { placedDevices } from './modules/maps/index.js';
import type { RealtimeSources } from './realtime/ports.js';

/**
 * Part of the composition root (runtime.ts): what the socket server reads of the domains —
 * sessions for its handshake, devices, and the devices placed on maps for the map feed.
 */
export function realtimeSources(core: CoreContext): RealtimeSources {
  return {
    authenticate: (token, ip) => actorOfToken(core, token, ip),
    ...liveDeviceSources(core.db),
    placedDevices: () => placedDevices(core.db),
  };
}

import type { z } from 'zod';
import type { connectedStatus, deviceStatus } from '@vigil/contracts';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import * as gatewaysRepo from '../gateways/repo.js';
import * as repo from './repo.js';
import { assignedOnly } from './scope.js';
import { visibleDevice } from './service.js';
import { toReading } from './view.js';

/**
 * The Status card's counts (spec monitoring 3): the platform's for a super_admin, the
 * account's for its owners, and for a `user` their assigned devices and those devices'
 * gateways. Active means online; offline devices leave out inactive equipment, which is
 * expected to be silent.
 */
export async function connected(
  ctx: AppContext,
  actor: Actor,
): Promise<z.infer<typeof connectedStatus>> {
  const scope =
    actor.role === 'super_admin' || actor.accountId === null
      ? {}
      : { accountId: actor.accountId, assignedTo: assignedOnly(actor) };
  const devices = await repo.deviceCounts(ctx.db, scope);
  const gateways = await gatewaysRepo.gatewayCounts(ctx.db, scope);
  const offlineGateways = gateways.total - gateways.online;
  return {
    deviceCount: devices.total,
    gatewayCount: gateways.total,
    totalOfflineDevices: devices.offline,
    totalOfflineGateway: offlineGateways,
    gateways: { activeGateways: gateways.online, inActiveGateways: offlineGateways },
    devices: { activeDevices: devices.online, inActiveDevices: devices.total - devices.online },
  };
}

/** Online state and latest reading of one device the actor may see. */
export async function ofDevice(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<z.infer<typeof deviceStatus>> {
  const row = await visibleDevice(ctx.db, actor, id);
  return {
    id: row.id,
    deviceId: row.deviceId,
    status: row.status,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    latest: toReading(row.latestData),
  };
}

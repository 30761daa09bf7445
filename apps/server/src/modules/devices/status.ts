import type { z } from 'zod';
import type { connectedStatus, DeviceStatus } from '@vigil/contracts';
import type { AppContext } from '../../context.js';
import { gatewayCounts } from '../gateways/index.js';
import type { Scope } from '../../lib/scope.js';
import * as repo from './repo.js';
import { notFound } from '../../errors.js';
import { overviewOf } from './overview.js';

/**
 * The Status card's counts (spec monitoring 3): the platform's for a super_admin, the
 * account's for its owners, and for a `user` their assigned devices and those devices'
 * gateways. Connected means heard from at least once (one never heard from is counted apart);
 * active means online; offline devices leave out inactive equipment, expected to be silent.
 */
export async function connected(
  ctx: AppContext,
  scope: Scope,
): Promise<z.infer<typeof connectedStatus>> {
  const devices = await repo.deviceCounts(ctx.db, scope);
  const gateways = await gatewayCounts(ctx.db, scope);
  const offlineGateways = gateways.connected - gateways.online;
  return {
    deviceCount: devices.connected,
    gatewayCount: gateways.connected,
    totalOfflineDevices: devices.offline,
    totalOfflineGateway: offlineGateways,
    gateways: {
      activeGateways: gateways.online,
      inActiveGateways: offlineGateways,
      neverConnected: gateways.total - gateways.connected,
    },
    devices: {
      activeDevices: devices.online,
      inActiveDevices: devices.connected - devices.online,
      neverReported: devices.total - devices.connected,
    },
  };
}

/** Online state, latest reading and alarm state of one device the actor may see. */
export async function ofDevice(ctx: AppContext, scope: Scope, id: string): Promise<DeviceStatus> {
  const [device] = await overviewOf(ctx, scope, id);
  if (!device) throw notFound();
  return device;
}

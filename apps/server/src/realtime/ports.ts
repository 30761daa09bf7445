import type { Reading } from '@vigil/contracts';
import type { Authenticate } from '../lib/actor.js';

/** A device's online state, as a socket is welcomed with it. */
export type DeviceStatusRow = {
  id: string;
  deviceId: string;
  status: 'active' | 'inactive';
  lastSeenAt: Date | null;
};

/**
 * What the socket server reads of the domains, declared here and supplied by them through the
 * composition root (realtime-sources.ts): sessions (modules/auth), devices (modules/devices) and
 * the devices placed on maps (modules/maps).
 */
export type RealtimeSources = {
  authenticate: Authenticate;
  /**
   * A device of the account that the caller may watch (with `assignedTo`, one assigned to that user), by
   * its row id or its hardware address.
   */
  visibleDevice: (
    accountId: string,
    key: { id: string } | { deviceId: string },
    assignedTo: string | null,
  ) => Promise<{ id: string; deviceId: string } | undefined>;
  /** The row ids of the devices assigned to a user. */
  assignedDeviceIds: (userId: string) => Promise<string[]>;
  /** One device of the account: its online state and latest reading. */
  deviceState: (
    accountId: string,
    id: string,
  ) => Promise<(DeviceStatusRow & { latest: Reading | null }) | undefined>;
  /** Every device's online state of the account (devicesStatusData for its owners). */
  accountDeviceStates: (accountId: string) => Promise<DeviceStatusRow[]>;
  /** The devices placed on some map: row id → display name. */
  placedDevices: () => Promise<Map<string, string>>;
};

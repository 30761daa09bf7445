/**
 * Socket.IO rooms, named in one place (STYLE.md 5). Every socket joins its user's room and,
 * with an account, its account's; an account owner's sockets join the owners' room, a `user`'s
 * sockets the audience room of each device assigned to them; a socket opened for a device joins
 * that device's room (and its graph room for a preset range, timeValue < 6).
 */
export const room = {
  user: (userId: string) => `user:${userId}`,
  /** Every platform administrator's sockets: platform-wide views (firmware updates). */
  platform: () => 'platform',
  /** The sockets opened with one sign-in: closed when that session ends (logout). */
  session: (sessionId: string) => `session:${sessionId}`,
  account: (accountId: string) => `account:${accountId}`,
  /** The account's super_user sockets: account-wide views (devicesStatusData, door, alarms). */
  accountOwners: (accountId: string) => `account-owners:${accountId}`,
  /** Sockets of the `user`s assigned to a device: what of account-wide lists they may see. */
  deviceUsers: (deviceRowId: string) => `device-users:${deviceRowId}`,
  /** Sockets watching one device (the device data panel). */
  device: (deviceRowId: string) => `device:${deviceRowId}`,
  /** Of those, the ones drawing a preset range's chart (timeValue below 6): graphData. */
  deviceGraph: (deviceRowId: string) => `device-graph:${deviceRowId}`,
  /** The overview sockets of an account's owners: every device's newest readings. */
  overviewOwners: (accountId: string) => `overview-owners:${accountId}`,
  /** The overview sockets of the `user`s assigned to a device. */
  overviewDeviceUsers: (deviceRowId: string) => `overview-device-users:${deviceRowId}`,
} as const;

/** The overview sockets allowed to see one device: its account's owners' and its users'. */
export const overviewAudience = (accountId: string, deviceRowId: string): string[] => [
  room.overviewOwners(accountId),
  room.overviewDeviceUsers(deviceRowId),
];

/** The sockets allowed to see an account-wide event about one device: its owners and assigned users. */
export const deviceAudience = (accountId: string, deviceRowId: string): string[] => [
  room.accountOwners(accountId),
  room.deviceUsers(deviceRowId),
];

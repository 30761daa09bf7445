/**
 * Query keys that more than one feature touches (a change in one invalidates another's data).
 * A feature's private keys live in its own api/ files.
 */
export const sharedKeys = {
  userMetadata: ['userMetadata'] as const,
  /** Everything shown in the account's temperature unit. */
  alertProfiles: ['alertProfiles'] as const,
  /** Devices, gateways and locations: listed by the dashboard and map too. */
  devices: ['devices'] as const,
  gateways: ['gateways'] as const,
  locations: ['locations'] as const,
  /**
   * Everything that shows an alarm's state (top bar, alarm events, recent alarms, device status,
   * overview): refetched together when an alarm is raised, clears or is acknowledged.
   */
  alarmViews: ['alarmViews'] as const,
  /** A device's alarm definitions: the Alarms tab lists them, the charts draw their bounds. */
  deviceAlarms: (deviceId: string) => ['alarmDefinitions', 'device', deviceId] as const,
};

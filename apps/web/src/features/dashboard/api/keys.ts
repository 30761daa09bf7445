import { sharedKeys } from '../../../lib/query-keys';

/** The dashboard's own query keys; device and location lists stay under the shared keys. */
export const dashboardKeys = {
  prefs: ['dashboard', 'prefs'] as const,
  connectedStatus: ['dashboard', 'connectedStatus'] as const,
  /** Under the alarm views: an alarm raised, cleared or acknowledged changes its state. */
  deviceStatus: (id: string) => [...sharedKeys.alarmViews, 'deviceStatus', id] as const,
  recentDoorOpenings: ['dashboard', 'recentDoorOpenings'] as const,
  recentAlarms: [...sharedKeys.alarmViews, 'recent'] as const,
  alarmComments: (eventId: string) => [...sharedKeys.alarmViews, 'comments', eventId] as const,
  favouriteComments: ['dashboard', 'favouriteComments'] as const,
  /** Under `devices`, so that any inventory change (devices page too) refetches them. */
  devices: [...sharedKeys.devices, 'dashboard'] as const,
  locations: [...sharedKeys.locations, 'dashboard'] as const,
};

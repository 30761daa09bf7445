import { sharedKeys } from '../../../lib/query-keys';

/** The dashboard's own query keys; device and location lists stay under the shared keys. */
export const dashboardKeys = {
  prefs: ['dashboard', 'prefs'] as const,
  connectedStatus: ['dashboard', 'connectedStatus'] as const,
  deviceStatus: (id: string) => ['dashboard', 'deviceStatus', id] as const,
  recentDoorOpenings: ['dashboard', 'recentDoorOpenings'] as const,
  recentAlarms: ['dashboard', 'recentAlarms'] as const,
  alarmComments: (eventId: string) => ['dashboard', 'alarmComments', eventId] as const,
  favouriteComments: ['dashboard', 'favouriteComments'] as const,
  alarmReportTask: (taskId: string | null) => ['dashboard', 'alarmReportTask', taskId] as const,
  /** Under `devices`, so that any inventory change (devices page too) refetches them. */
  devices: [...sharedKeys.devices, 'dashboard'] as const,
  locations: [...sharedKeys.locations, 'dashboard'] as const,
};

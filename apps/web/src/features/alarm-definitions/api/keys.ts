import { sharedKeys } from '../../../lib/query-keys';

/** This feature's query keys; alert profiles use the shared key a unit change invalidates. */
export const alarmKeys = {
  all: ['alarmDefinitions'] as const,
  device: sharedKeys.deviceAlarms,
  page: ['alarmDefinitions', 'page'] as const,
  light: ['alarmDefinitions', 'light'] as const,
  profiles: sharedKeys.alertProfiles,
  options: ['alarmDefinitions', 'options'] as const,
};

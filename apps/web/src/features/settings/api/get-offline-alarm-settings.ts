import { queryOptions, useQuery } from '@tanstack/react-query';
import { offlineAlarmSettingsReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

export const offlineAlarmSettingsKey = ['offlineAlarmSettings'] as const;

/** GET /api/misc/account/offlineAlarmSetting */
export const offlineAlarmSettingsQuery = () =>
  queryOptions({
    queryKey: offlineAlarmSettingsKey,
    queryFn: ({ signal }) =>
      api.get('/api/misc/account/offlineAlarmSetting', offlineAlarmSettingsReply, { signal }),
  });

export function useOfflineAlarmSettings() {
  return useQuery(offlineAlarmSettingsQuery());
}

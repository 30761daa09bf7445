import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offlineAlarmSettingsReply, type OfflineAlarmSettings } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { offlineAlarmSettingsKey } from './get-offline-alarm-settings';

/** PUT /api/misc/account/offlineAlarmSetting (account owners only). */
export const updateOfflineAlarmSettings = (body: OfflineAlarmSettings) =>
  api.put('/api/misc/account/offlineAlarmSetting', offlineAlarmSettingsReply, { body });

export function useUpdateOfflineAlarmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOfflineAlarmSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(offlineAlarmSettingsKey, settings);
    },
  });
}

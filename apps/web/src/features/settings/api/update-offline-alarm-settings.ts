import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offlineAlarmSettingsReply, type OfflineAlarmSettings } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { offlineAlarmSettingsKey } from './get-offline-alarm-settings';

/**
 * PUT /api/misc/account/offlineAlarmSetting (account owners only). The form shows a refusal
 * under its field (silent: no toast of the client's).
 */
export const updateOfflineAlarmSettings = (body: OfflineAlarmSettings) =>
  api.put('/api/misc/account/offlineAlarmSetting', offlineAlarmSettingsReply, {
    body,
    silent: true,
  });

export function useUpdateOfflineAlarmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOfflineAlarmSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(offlineAlarmSettingsKey, settings);
    },
  });
}

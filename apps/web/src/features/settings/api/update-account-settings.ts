import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountSettingsReply,
  type TemperatureUnit,
  type UpdateAccountSettings,
} from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { accountSettingsKey } from './get-account-settings';

/**
 * PUT /api/account/updateAccountSettings (account owners only): either setting or both. The
 * form shows a refusal under its field (silent: no toast of the client's).
 */
export const updateAccountSettings = (body: UpdateAccountSettings) =>
  api.put('/api/account/updateAccountSettings', accountSettingsReply, { body, silent: true });

/** Everything shown in the account's unit is refetched after a change. */
export function useUpdateTemperatureUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (temperatureUnit: TemperatureUnit) => updateAccountSettings({ temperatureUnit }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(accountSettingsKey, settings);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.alertProfiles }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.userMetadata }),
      ]);
    },
  });
}

/** Minutes an alarm may stay unacknowledged before the account admins are told; 0 = never. */
export function useUpdateEscalationMinutes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (escalationMinutes: number) => updateAccountSettings({ escalationMinutes }),
    onSuccess: (settings) => {
      queryClient.setQueryData(accountSettingsKey, settings);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountSettingsReply, type TemperatureUnit } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { accountSettingsKey } from './get-account-settings';

/** PUT /api/account/updateAccountSettings (account owners only). */
export const updateTemperatureUnit = (temperatureUnit: TemperatureUnit) =>
  api.put('/api/account/updateAccountSettings', accountSettingsReply, {
    body: { temperatureUnit },
  });

/** Everything shown in the account's unit is refetched after a change. */
export function useUpdateTemperatureUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemperatureUnit,
    onSuccess: async (settings) => {
      queryClient.setQueryData(accountSettingsKey, settings);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.alertProfiles }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.userMetadata }),
      ]);
    },
  });
}

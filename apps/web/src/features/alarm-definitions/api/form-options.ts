import { useQuery } from '@tanstack/react-query';
import { accountSettingsReply, deviceListReply, pageSizes, userIdsReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { alarmKeys } from './keys';

/** GET /api/account/getAccountSettings — whether the account may send voice calls. */
export function useVoiceCall() {
  const settings = useQuery({
    queryKey: [...alarmKeys.options, 'accountSettings'],
    queryFn: ({ signal }) =>
      api.get('/api/account/getAccountSettings', accountSettingsReply, { signal }),
    staleTime: 60_000,
  });
  return settings.data?.voiceCall ?? false;
}

/** GET /api/user/userIds — the account's people an owner may pick as recipients. */
export function useRecipientOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...alarmKeys.options, 'users'],
    queryFn: ({ signal }) => api.get('/api/user/userIds', userIdsReply, { signal }),
    enabled,
  });
}

/** GET /api/device/{ownUserId}/ — the devices the person may put alarms on. */
export function useDeviceOptions(ownUserId: string) {
  return useQuery({
    queryKey: [...alarmKeys.options, 'devices', ownUserId],
    queryFn: ({ signal }) =>
      api.get(`/api/device/${encodeURIComponent(ownUserId)}/`, deviceListReply, {
        query: { page: 1, pageSize: pageSizes.full },
        signal,
      }),
  });
}

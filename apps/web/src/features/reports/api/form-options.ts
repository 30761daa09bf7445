import { useQuery } from '@tanstack/react-query';
import { deviceListReply, pageSizes, userIdsReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** GET /api/device/{ownUserId}/ — every device of the account, for the report's devices. */
export function useDeviceOptions(ownUserId: string) {
  return useQuery({
    queryKey: [...reportKeys.options, 'devices', ownUserId],
    queryFn: ({ signal }) =>
      api.get(`/api/device/${encodeURIComponent(ownUserId)}/`, deviceListReply, {
        query: { page: 1, pageSize: pageSizes.full },
        signal,
      }),
  });
}

/** GET /api/user/userIds — the account's people an owner may pick as recipients. */
export function useUserOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...reportKeys.options, 'users'],
    queryFn: ({ signal }) => api.get('/api/user/userIds', userIdsReply, { signal }),
    enabled,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceListReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

/** GET /api/device/global?page=1&pageSize=1000 — every account's node devices (spec 7: ota devices list). */
export const otaDevicesQuery = () =>
  queryOptions({
    queryKey: [...sharedKeys.devices, 'ota'],
    queryFn: ({ signal }) =>
      api.get('/api/device/global', deviceListReply, {
        query: { page: 1, pageSize: 1000 },
        signal,
      }),
  });

export function useOtaDevices() {
  return useQuery(otaDevicesQuery());
}

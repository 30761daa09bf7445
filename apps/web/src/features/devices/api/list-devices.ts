import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deviceListReply, pageSizes } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

export interface DeviceListParams {
  page: number;
  search: string;
}

/** GET /api/device/{ownUserId}/ — the account's devices, 10 a page, searchable. */
export const devicesQuery = (ownUserId: string, { page, search }: DeviceListParams) =>
  queryOptions({
    queryKey: [...sharedKeys.devices, 'list', ownUserId, { page, search }],
    queryFn: ({ signal }) =>
      api.get(`/api/device/${encodeURIComponent(ownUserId)}/`, deviceListReply, {
        query: { page, pageSize: pageSizes.table, search: search.trim() },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useDevices(ownUserId: string, params: DeviceListParams) {
  return useQuery(devicesQuery(ownUserId, params));
}

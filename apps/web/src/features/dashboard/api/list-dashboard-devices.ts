import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceListReply, pageSizes } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/**
 * GET /api/device/{ownUserId}/?page=1&pageSize=1000 — every device the person may see (a `user`
 * gets only the devices assigned to them); the locations card filters it by location.
 */
export const dashboardDevicesQuery = (ownUserId: string) =>
  queryOptions({
    queryKey: [...dashboardKeys.devices, 'all', ownUserId],
    queryFn: ({ signal }) =>
      api.get(`/api/device/${encodeURIComponent(ownUserId)}/`, deviceListReply, {
        query: { page: 1, pageSize: pageSizes.full },
        signal,
      }),
  });

export function useDashboardDevices(ownUserId: string) {
  return useQuery(dashboardDevicesQuery(ownUserId));
}

/** `location=false`: the devices in no location, offered by the addDeviceLocation modal. */
export const unplacedDevicesQuery = (ownUserId: string) =>
  queryOptions({
    queryKey: [...dashboardKeys.devices, 'unplaced', ownUserId],
    queryFn: ({ signal }) =>
      api.get(`/api/device/${encodeURIComponent(ownUserId)}/`, deviceListReply, {
        query: { page: 1, pageSize: pageSizes.full, location: false },
        signal,
      }),
  });

export function useUnplacedDevices(ownUserId: string, enabled: boolean) {
  return useQuery({ ...unplacedDevicesQuery(ownUserId), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceStatusReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/device/{id}/status — online state and latest reading of the selected device. */
export const deviceStatusQuery = (id: string) =>
  queryOptions({
    queryKey: dashboardKeys.deviceStatus(id),
    queryFn: ({ signal }) =>
      api.get(`/api/device/${encodeURIComponent(id)}/status`, deviceStatusReply, { signal }),
  });

export function useDeviceStatus(id: string | null) {
  return useQuery({ ...deviceStatusQuery(id ?? ''), enabled: id !== null });
}

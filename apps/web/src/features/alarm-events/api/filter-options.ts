import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceOverviewReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

/**
 * The devices and locations the filters offer: those of the overview (what the person may see),
 * under the shared device key so that inventory changes refetch them.
 */
export const filterOptionsQuery = () =>
  queryOptions({
    queryKey: [...sharedKeys.devices, 'alarmEventOptions'],
    queryFn: ({ signal }) => api.get('/api/device/overview', deviceOverviewReply, { signal }),
    select: (reply) => {
      const locations = new Map<string, string>();
      for (const device of reply.devices)
        if (device.locationId && device.location) locations.set(device.locationId, device.location);
      return {
        devices: reply.devices.map((device) => ({ value: device.id, label: device.name })),
        locations: [...locations].map(([value, label]) => ({ value, label })),
      };
    },
    staleTime: 60_000,
  });

export function useFilterOptions() {
  return useQuery(filterOptionsQuery());
}

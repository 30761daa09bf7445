import { queryOptions, useQuery } from '@tanstack/react-query';
import { locationListReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/location/{ownUserId}?page=0 — all locations (a `user`: those holding their devices). */
export const dashboardLocationsQuery = (ownUserId: string) =>
  queryOptions({
    queryKey: [...dashboardKeys.locations, ownUserId],
    queryFn: ({ signal }) =>
      api.get(`/api/location/${encodeURIComponent(ownUserId)}`, locationListReply, {
        query: { page: 0 },
        signal,
      }),
  });

export function useDashboardLocations(ownUserId: string) {
  return useQuery(dashboardLocationsQuery(ownUserId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { locationListReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

export const locationsKey = (ownUserId: string) =>
  [...sharedKeys.locations, 'all', ownUserId] as const;

/** GET /api/location/{ownUserId}?page=0 — all of the account's locations, by name. */
export const locationsQuery = (ownUserId: string) =>
  queryOptions({
    queryKey: locationsKey(ownUserId),
    queryFn: ({ signal }) =>
      api.get(`/api/location/${encodeURIComponent(ownUserId)}`, locationListReply, {
        query: { page: 0 },
        signal,
      }),
  });

export function useLocations(ownUserId: string) {
  return useQuery(locationsQuery(ownUserId));
}

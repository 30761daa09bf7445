import { queryOptions, useQuery } from '@tanstack/react-query';
import { mapListReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { mapKeys } from './keys';

/**
 * GET /api/map — the account's maps, oldest first, each placed device with its current state.
 * The image links in them are signed for an hour: the list is fetched again well before.
 */
export const mapsQuery = () =>
  queryOptions({
    queryKey: mapKeys.list,
    queryFn: ({ signal }) => api.get('/api/map', mapListReply, { signal }),
    staleTime: 30 * 60_000,
    refetchInterval: 45 * 60_000,
  });

export function useMaps() {
  return useQuery(mapsQuery());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { userMetadataReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

/** GET /api/user/metadata — the signed-in person, loaded when the signed-in layout starts. */
export const userMetadataQuery = () =>
  queryOptions({
    queryKey: sharedKeys.userMetadata,
    queryFn: ({ signal }) => api.get('/api/user/metadata', userMetadataReply, { signal }),
    staleTime: 5 * 60_000,
  });

export function useUserMetadata() {
  return useQuery(userMetadataQuery());
}

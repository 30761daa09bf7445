import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

export const apiKeyKey = ['apiKey'] as const;

/** GET /api/account/getApiKey — the current key, masked, or none. */
export const apiKeyQuery = () =>
  queryOptions({
    queryKey: apiKeyKey,
    queryFn: ({ signal }) => api.get('/api/account/getApiKey', apiKeyReply, { signal }),
  });

export function useApiKey() {
  return useQuery(apiKeyQuery());
}

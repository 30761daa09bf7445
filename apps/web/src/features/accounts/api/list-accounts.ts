import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountListReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/** Every feature that lists accounts shares this key, so a change here refreshes theirs. */
export const accountsKey = ['accounts'] as const;

/** GET /api/account/list — every account on the platform, unpaged (spec: no paging). */
export const accountsQuery = () =>
  queryOptions({
    queryKey: [...accountsKey, 'list'],
    queryFn: ({ signal }) => api.get('/api/account/list', accountListReply, { signal }),
  });

export function useAccounts() {
  return useQuery(accountsQuery());
}

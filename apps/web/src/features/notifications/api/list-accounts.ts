import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountListReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/account/list — the accounts a platform administrator filters by. */
export const accountsQuery = () =>
  queryOptions({
    queryKey: ['accounts', 'list'],
    queryFn: ({ signal }) => api.get('/api/account/list', accountListReply, { signal }),
  });

export function useAccounts(enabled: boolean) {
  return useQuery({ ...accountsQuery(), enabled });
}

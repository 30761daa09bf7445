import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountListReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/account/list — the accounts a platform administrator can add an owner to. */
export const accountOptionsQuery = () =>
  queryOptions({
    queryKey: ['accounts', 'list'],
    queryFn: ({ signal }) => api.get('/api/account/list', accountListReply, { signal }),
  });

export function useAccountOptions(enabled: boolean) {
  return useQuery({ ...accountOptionsQuery(), enabled });
}

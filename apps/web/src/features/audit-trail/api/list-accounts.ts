import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountListReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/account/list — the accounts a platform administrator filters the trail by. */
export const auditAccountsQuery = () =>
  queryOptions({
    queryKey: ['accounts', 'list'],
    queryFn: ({ signal }) => api.get('/api/account/list', accountListReply, { signal }),
  });

export function useAuditAccounts(enabled: boolean) {
  return useQuery({ ...auditAccountsQuery(), enabled });
}

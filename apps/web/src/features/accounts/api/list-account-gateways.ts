import { queryOptions, useQuery } from '@tanstack/react-query';
import { associatedGatewaysReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { accountsKey } from './list-accounts';

/** GET /api/account/{id}/gateways — the gateways of one account (showAssociatedGateways). */
export const accountGatewaysQuery = (id: string) =>
  queryOptions({
    queryKey: [...accountsKey, id, 'gateways'],
    queryFn: ({ signal }) =>
      api.get(`/api/account/${encodeURIComponent(id)}/gateways`, associatedGatewaysReply, {
        signal,
      }),
  });

export function useAccountGateways(id: string | undefined) {
  return useQuery({ ...accountGatewaysQuery(id ?? ''), enabled: id !== undefined });
}

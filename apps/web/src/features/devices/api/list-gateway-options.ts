import { queryOptions, useQuery } from '@tanstack/react-query';
import { gatewayListReply, pageSizes } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

/** GET /api/gateway/{ownUserId}/?pageSize=1000 — every gateway of the account, to choose from. */
export const gatewayOptionsQuery = (ownUserId: string) =>
  queryOptions({
    queryKey: [...sharedKeys.gateways, 'options', ownUserId],
    queryFn: ({ signal }) =>
      api.get(`/api/gateway/${encodeURIComponent(ownUserId)}/`, gatewayListReply, {
        query: { page: 1, pageSize: pageSizes.full },
        signal,
      }),
    select: (page) => page.list,
  });

export function useGatewayOptions(ownUserId: string) {
  return useQuery(gatewayOptionsQuery(ownUserId));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gatewayListReply, pageSizes } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

export interface GatewayListParams {
  page: number;
  search: string;
}

/** Whose gateways: the account's (its owner), or every account's (the platform administrator). */
export type GatewayScope = { kind: 'account'; ownUserId: string } | { kind: 'global' };

const pathOf = (scope: GatewayScope) =>
  scope.kind === 'global'
    ? '/api/gateway/global'
    : `/api/gateway/${encodeURIComponent(scope.ownUserId)}/`;

/** GET /api/gateway/{ownUserId}/ or GET /api/gateway/global — 10 a page, searchable. */
export const gatewaysQuery = (scope: GatewayScope, { page, search }: GatewayListParams) =>
  queryOptions({
    queryKey: [...sharedKeys.gateways, 'list', scope, { page, search }],
    queryFn: ({ signal }) =>
      api.get(pathOf(scope), gatewayListReply, {
        query: { page, pageSize: pageSizes.table, search: search.trim() },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useGateways(scope: GatewayScope, params: GatewayListParams) {
  return useQuery(gatewaysQuery(scope, params));
}

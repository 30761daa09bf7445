import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gatewayLogsReply, pageSizes } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

export const gatewayLogsKey = ['gatewayLogs'] as const;

/** GET /api/gateway/gatewayLogs — 10 lines a page, newest first, optionally of one gateway. */
export const gatewayLogsQuery = ({ page, gatewayId }: { page: number; gatewayId: string }) =>
  queryOptions({
    queryKey: [...gatewayLogsKey, { page, gatewayId }],
    queryFn: ({ signal }) =>
      api.get('/api/gateway/gatewayLogs', gatewayLogsReply, {
        query: { page, pageSize: pageSizes.table, ...(gatewayId ? { gatewayId } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useGatewayLogs(params: { page: number; gatewayId: string }) {
  return useQuery(gatewayLogsQuery(params));
}

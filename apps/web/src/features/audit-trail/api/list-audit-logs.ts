import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditLogReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { toIso, type AuditFilters } from './audit-filters';

export const auditKey = ['auditTrail'] as const;
const pageLimit = 50;

/** GET /api/audit/logs — newest first, 50 at a time, the next page by its nextToken. */
export const auditLogsQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...auditKey, 'logs', filters],
    queryFn: ({ signal, pageParam }) =>
      api.get('/api/audit/logs', auditLogReply, {
        query: {
          limit: pageLimit,
          event: filters.event,
          action: filters.action,
          accountId: filters.accountId,
          startDate: toIso(filters.startDate),
          endDate: toIso(filters.endDate),
          search: filters.search.trim(),
          nextToken: pageParam,
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextToken ?? undefined,
  });

export function useAuditLogs(filters: AuditFilters) {
  return useInfiniteQuery(auditLogsQuery(filters));
}

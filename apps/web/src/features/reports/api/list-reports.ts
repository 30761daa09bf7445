import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageSizes, reportListReply, type ReportType } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { reportKeys } from './keys';

/**
 * GET /api/reports — one type's reports, 10 a page (`type=optional` for the optional ones).
 * Silent: the page shows a failure as 'something went wrong' (spec monitoring 8).
 */
export const reportsQuery = (type: ReportType, page: number) =>
  queryOptions({
    queryKey: reportKeys.list(type, page),
    queryFn: ({ signal }) =>
      api.get('/api/reports', reportListReply, {
        query: {
          page,
          pageSize: pageSizes.table,
          type: type === 'optional' ? 'optional' : undefined,
        },
        silent: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useReports(type: ReportType, page: number) {
  return useQuery(reportsQuery(type, page));
}

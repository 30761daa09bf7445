import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageSizes, reportRunListReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** While a run is being built the list is asked again this often, until every run has settled. */
export const runPollMs = 3000;

/** GET /api/reports/{id}/runs — the report's runs, newest first, 10 a page. */
export const reportRunsQuery = (reportId: string, page: number) =>
  queryOptions({
    queryKey: [...reportKeys.runs(reportId), { page }],
    queryFn: ({ signal }) =>
      api.get(`/api/reports/${encodeURIComponent(reportId)}/runs`, reportRunListReply, {
        query: { page, pageSize: pageSizes.table },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((run) => run.status === 'queued' || run.status === 'building')
        ? runPollMs
        : false,
  });

export function useReportRuns(reportId: string, page: number) {
  return useQuery(reportRunsQuery(reportId, page));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deviceAlarmListReply, pageSizes } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { alarmKeys } from './keys';

/** GET /api/alarms/list — the alarms page, 10 a page, optionally searched by name. */
export const alarmsPageQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...alarmKeys.page, { page, search }],
    queryFn: ({ signal }) =>
      api.get('/api/alarms/list', deviceAlarmListReply, {
        query: { page, pageSize: pageSizes.table, search: search.trim() },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useAlarmsPage(page: number, search: string) {
  return useQuery(alarmsPageQuery(page, search));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { doorOpeningsReply, recentAlarmsReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Spec monitoring 2: the recent tables show 10 rows a page. */
export const recentPageSize = 10;

/** POST /api/alarms/recentDoorOpenings?page&pageSize. */
export const recentDoorOpeningsQuery = (page: number) =>
  queryOptions({
    queryKey: [...dashboardKeys.recentDoorOpenings, page],
    queryFn: ({ signal }) =>
      api.post('/api/alarms/recentDoorOpenings', doorOpeningsReply, {
        query: { page, pageSize: recentPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useRecentDoorOpenings(page: number, enabled: boolean) {
  return useQuery({ ...recentDoorOpeningsQuery(page), enabled });
}

/** POST /api/alarms/recentAlarms/v2?page&pageSize (door alarms are left out by the server). */
export const recentAlarmsQuery = (page: number) =>
  queryOptions({
    queryKey: [...dashboardKeys.recentAlarms, page],
    queryFn: ({ signal }) =>
      api.post('/api/alarms/recentAlarms/v2', recentAlarmsReply, {
        query: { page, pageSize: recentPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useRecentAlarms(page: number) {
  return useQuery(recentAlarmsQuery(page));
}

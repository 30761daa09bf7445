import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notificationStatisticsReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { filterQuery, notificationsKey, type NotificationFilters } from './list-notifications';

/** GET /api/user/notifications/statistics — messages sent per day and account. */
export const statisticsQuery = (filters: NotificationFilters, page: number) =>
  queryOptions({
    queryKey: [...notificationsKey, 'statistics', filters, page],
    queryFn: ({ signal }) =>
      api.get('/api/user/notifications/statistics', notificationStatisticsReply, {
        query: filterQuery(filters, page),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useNotificationStatistics(filters: NotificationFilters, page: number) {
  return useQuery(statisticsQuery(filters, page));
}

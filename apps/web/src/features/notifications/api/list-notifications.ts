import dayjs from 'dayjs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notificationListReply, pageSizes } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

export const notificationsKey = ['notifications'] as const;

/** The filters of the notification log and statistics (spec platform 2), as typed. */
export interface NotificationFilters {
  email: string;
  phone: string;
  text: string;
  /** '-1' both, '0' email, '1' SMS. */
  isSms: '-1' | '0' | '1';
  accountId: string | null;
  /** The date-time picker's local 'YYYY-MM-DD HH:mm:ss', in the browser's time zone. */
  startDate: string;
  endDate: string;
}

export const emptyFilters: NotificationFilters = {
  email: '',
  phone: '',
  text: '',
  isSms: '-1',
  accountId: null,
  startDate: '',
  endDate: '',
};

const isoOf = (local: string) => (local ? dayjs(local).toISOString() : undefined);

/** The query string the server takes; `isSms` only when not -1 (spec platform 7). */
export function filterQuery(filters: NotificationFilters, page: number) {
  return {
    page,
    pageSize: pageSizes.table,
    email: filters.email.trim(),
    phone: filters.phone.trim(),
    text: filters.text.trim(),
    isSms: filters.isSms === '-1' ? undefined : filters.isSms,
    accountId: filters.accountId ?? undefined,
    startDate: isoOf(filters.startDate),
    endDate: isoOf(filters.endDate),
  };
}

/** GET /api/user/notifications — one page of the log, newest first. */
export const notificationsQuery = (filters: NotificationFilters, page: number) =>
  queryOptions({
    queryKey: [...notificationsKey, 'log', filters, page],
    queryFn: ({ signal }) =>
      api.get('/api/user/notifications', notificationListReply, {
        query: filterQuery(filters, page),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useNotifications(filters: NotificationFilters, page: number) {
  return useQuery(notificationsQuery(filters, page));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { alarmEventsReply, type AlarmEventState } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { alarmEventKeys } from './keys';

export interface AlarmEventFilter {
  states: AlarmEventState[];
  deviceId: string | null;
  locationId: string | null;
  from: string | null;
  to: string | null;
}

export const emptyFilter: AlarmEventFilter = {
  states: [],
  deviceId: null,
  locationId: null,
  from: null,
  to: null,
};

/** The filter as query parameters (empty parts left out). */
export function filterQuery(filter: AlarmEventFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.states.length > 0) query.state = filter.states.join(',');
  if (filter.deviceId) query.deviceId = filter.deviceId;
  if (filter.locationId) query.locationId = filter.locationId;
  if (filter.from) query.from = filter.from;
  if (filter.to) query.to = filter.to;
  return query;
}

/** GET /api/alarms/events?page&pageSize&state&deviceId&locationId&from&to — server-side paging. */
export const alarmEventsQuery = (filter: AlarmEventFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: alarmEventKeys.list({ ...filter, page, pageSize }),
    queryFn: ({ signal }) =>
      api.get('/api/alarms/events', alarmEventsReply, {
        query: { ...filterQuery(filter), page, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useAlarmEvents(filter: AlarmEventFilter, page: number, pageSize = 10) {
  return useQuery(alarmEventsQuery(filter, page, pageSize));
}

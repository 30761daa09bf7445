import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceOverviewReply, sparklinesReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

/** Hours a sparkline covers. */
export const sparklineHours = 6;

/** GET /api/device/overview — under the alarm views: an alarm change refetches the states. */
export const deviceOverviewQuery = () =>
  queryOptions({
    queryKey: [...sharedKeys.alarmViews, 'overview'],
    queryFn: ({ signal }) => api.get('/api/device/overview', deviceOverviewReply, { signal }),
  });

export function useDeviceOverview() {
  return useQuery(deviceOverviewQuery());
}

/** GET /api/device/sparklines?hours — one call for every device; redrawn every 5 minutes. */
export const sparklinesQuery = (hours: number) =>
  queryOptions({
    queryKey: ['overview', 'sparklines', hours],
    queryFn: ({ signal }) =>
      api.get('/api/device/sparklines', sparklinesReply, { query: { hours }, signal }),
    refetchInterval: 5 * 60_000,
    staleTime: 60_000,
  });

export function useSparklines(hours = sparklineHours) {
  return useQuery(sparklinesQuery(hours));
}

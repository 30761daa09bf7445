import { queryOptions, useQuery } from '@tanstack/react-query';
import { alarmSummaryReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { alarmEventKeys } from './keys';

/** GET /api/alarms/summary — the top bar's counts; refetched on every alarm change. */
export const alarmSummaryQuery = () =>
  queryOptions({
    queryKey: alarmEventKeys.summary,
    // Silent: the top bar says nothing of a failed poll (it tries again); pages say their own.
    queryFn: ({ signal }) =>
      api.get('/api/alarms/summary', alarmSummaryReply, { signal, silent: true }),
    // A missed socket event (a reconnect) is caught up within a minute.
    refetchInterval: 60_000,
  });

export function useAlarmSummary(enabled: boolean) {
  return useQuery({ ...alarmSummaryQuery(), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { lightAlarmListReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { alarmKeys } from './keys';

/** GET /api/alarms/lightProfile — the light alarms in reach. */
export const lightAlarmsQuery = () =>
  queryOptions({
    queryKey: alarmKeys.light,
    queryFn: ({ signal }) => api.get('/api/alarms/lightProfile', lightAlarmListReply, { signal }),
  });

export function useLightAlarms() {
  return useQuery(lightAlarmsQuery());
}

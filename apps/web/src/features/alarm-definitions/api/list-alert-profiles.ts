import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertProfileListReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { alarmKeys } from './keys';

/** GET /api/alarms/getAlarmProfiles — refetched when the temperature unit changes. */
export const alertProfilesQuery = (search: string) =>
  queryOptions({
    queryKey: [...alarmKeys.profiles, { search }],
    queryFn: ({ signal }) =>
      api.get('/api/alarms/getAlarmProfiles', alertProfileListReply, {
        query: { search: search.trim() },
        signal,
      }),
  });

export function useAlertProfiles(search: string) {
  return useQuery(alertProfilesQuery(search));
}

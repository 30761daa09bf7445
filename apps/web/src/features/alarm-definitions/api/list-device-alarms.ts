import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceAlarmListReply, pageSizes } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { alarmKeys } from './keys';

/** GET /api/alarms/{deviceId} — the device's alarms (the Alarms tab shows them all). */
export const deviceAlarmsQuery = (deviceId: string) =>
  queryOptions({
    queryKey: alarmKeys.device(deviceId),
    queryFn: ({ signal }) =>
      api.get(`/api/alarms/${encodeURIComponent(deviceId)}`, deviceAlarmListReply, {
        query: { page: 1, pageSize: pageSizes.full },
        signal,
      }),
  });

export function useDeviceAlarms(deviceId: string) {
  return useQuery(deviceAlarmsQuery(deviceId));
}

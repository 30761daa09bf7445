import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceAlarmListReply, pageSizes } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

/**
 * GET /api/alarms/{deviceId} — the device's alarms, for their bounds on the charts. The key is
 * the one the Alarms tab uses, so an alarm saved there redraws the lines.
 */
export const deviceAlarmsForChartQuery = (deviceId: string) =>
  queryOptions({
    queryKey: sharedKeys.deviceAlarms(deviceId),
    queryFn: ({ signal }) =>
      api.get(`/api/alarms/${encodeURIComponent(deviceId)}`, deviceAlarmListReply, {
        query: { page: 1, pageSize: pageSizes.full },
        signal,
        // Lines are an aid: without them the chart still draws, so no error toast.
        silent: true,
      }),
  });

export function useDeviceAlarmsForChart(deviceId: string) {
  return useQuery(deviceAlarmsForChartQuery(deviceId));
}

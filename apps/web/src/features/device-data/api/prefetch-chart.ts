import type { QueryClient } from '@tanstack/react-query';
import { isNoGraph, rangeKeyFor } from '../ranges';
import { deviceAlarmsForChartQuery } from './get-device-alarms';
import { deviceGraphQuery } from './get-device-graph';

/**
 * The chart the data panel opens on for a device and time value (its readings and its alarms'
 * lines), asked for ahead of the panel: under the same keys, so the panel finds them in flight.
 */
export function prefetchDeviceChart(queryClient: QueryClient, deviceId: string, timeValue: number) {
  const choice = { key: rangeKeyFor(timeValue) };
  if (isNoGraph(choice)) return;
  queryClient.query(deviceGraphQuery(deviceId, choice)).catch(() => undefined);
  queryClient.query(deviceAlarmsForChartQuery(deviceId)).catch(() => undefined);
}

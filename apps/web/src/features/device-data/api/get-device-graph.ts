import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import {
  browserTimezone,
  chartRefreshMs,
  timeValueOf,
  windowOf,
  type RangeChoice,
} from '../ranges';

/** The chart's cache entry: socket events append to it (STYLE 9), so it is keyed by choice, not by time. */
export const deviceGraphKey = (deviceId: string, choice: RangeChoice) =>
  [
    'deviceData',
    'graph',
    deviceId,
    choice.key,
    choice.custom?.from ?? null,
    choice.custom?.to ?? null,
  ] as const;

/**
 * GET /api/device/{id}/graph over the choice's window, computed when fetched: presets slide with
 * each refetch (every 30 s, a fallback to the socket feed); live keeps what the feed appends.
 */
export const deviceGraphQuery = (deviceId: string, choice: RangeChoice) => {
  const sliding = choice.key !== 'live' && choice.key !== 'custom';
  return queryOptions({
    queryKey: deviceGraphKey(deviceId, choice),
    queryFn: ({ signal }) => {
      const { from, to } = windowOf(choice);
      return api.get(`/api/device/${encodeURIComponent(deviceId)}/graph`, graphReply, {
        query: {
          from: from.toISOString(),
          to: to.toISOString(),
          timeValue: timeValueOf(choice.key),
          timezone: browserTimezone(),
        },
        signal,
      });
    },
    // Live starts afresh from the server whenever the chart mounts again; custom ranges do not move.
    staleTime: sliding ? chartRefreshMs : choice.key === 'live' ? 0 : Number.POSITIVE_INFINITY,
    refetchInterval: sliding ? chartRefreshMs : false,
  });
};

export function useDeviceGraph(deviceId: string, choice: RangeChoice, enabled: boolean) {
  return useQuery({ ...deviceGraphQuery(deviceId, choice), enabled });
}

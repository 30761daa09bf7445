import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageSizes, rawReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { browserTimezone, chartRefreshMs, windowOf, type RangeChoice } from '../ranges';

/** The raw-data table's interval options in minutes (spec: from 0.5, default 0.5 = one row per 30 s). */
export const rawIntervals = [0.5, 1, 2, 5, 10, 15, 30, 60] as const;
export const defaultRawInterval = 0.5;

export interface RawDataParams {
  page: number;
  /** Minutes between listed rows (the API's timeDiff); 0.5 = every 30 s. */
  timeDiff: number;
}

/** GET /api/device/{id}/raw — 10 rows a page, newest first, over the choice's window. */
export const rawDataQuery = (deviceId: string, choice: RangeChoice, params: RawDataParams) => {
  const sliding = choice.key !== 'custom';
  return queryOptions({
    queryKey: [
      'deviceData',
      'raw',
      deviceId,
      choice.key,
      choice.custom?.from ?? null,
      choice.custom?.to ?? null,
      params,
    ],
    queryFn: ({ signal }) => {
      const { from, to } = windowOf(choice);
      return api.get(`/api/device/${encodeURIComponent(deviceId)}/raw`, rawReply, {
        query: {
          from: from.toISOString(),
          to: to.toISOString(),
          page: params.page,
          pageSize: pageSizes.table,
          timeDiff: params.timeDiff,
          timezone: browserTimezone(),
        },
        signal,
      });
    },
    placeholderData: keepPreviousData,
    refetchInterval: sliding ? chartRefreshMs : false,
  });
};

export function useRawData(deviceId: string, choice: RangeChoice, params: RawDataParams) {
  return useQuery(rawDataQuery(deviceId, choice, params));
}

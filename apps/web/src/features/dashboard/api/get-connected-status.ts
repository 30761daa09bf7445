import { queryOptions, useQuery } from '@tanstack/react-query';
import { connectedStatusReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Spec monitoring 9: the connected counts are polled every 60 s (and refetched on status events). */
export const connectedStatusPollMs = 60_000;

/** GET /api/misc/connectedStatus — the Status card's counts. */
export const connectedStatusQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.connectedStatus,
    queryFn: ({ signal }) => api.get('/api/misc/connectedStatus', connectedStatusReply, { signal }),
    refetchInterval: connectedStatusPollMs,
  });

export function useConnectedStatus() {
  return useQuery(connectedStatusQuery());
}

import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { dashboardPrefsReply, type DashboardPrefs } from '@vigil/contracts';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/**
 * GET /api/user/dashboard — the person's saved grid, null until they save one. Silent: without
 * it the dashboard still works from the browser's copy.
 */
export const dashboardPrefsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.prefs,
    queryFn: ({ signal }) =>
      api.get('/api/user/dashboard', dashboardPrefsReply, { signal, silent: true }),
    staleTime: Infinity,
    retry: false,
  });

export function useServerDashboardPrefs() {
  return useQuery(dashboardPrefsQuery());
}

/** Whatever the server answers in `data`: only success matters here. */
const anyReply = z.object({ data: z.unknown() });

/** PUT /api/user/dashboard — saved in the background; a failure leaves the local copy. */
export const saveDashboardPrefs = (prefs: DashboardPrefs) =>
  api.put('/api/user/dashboard', anyReply, { body: prefs, silent: true });

export function useSaveDashboardPrefs() {
  return useMutation({ mutationFn: saveDashboardPrefs });
}

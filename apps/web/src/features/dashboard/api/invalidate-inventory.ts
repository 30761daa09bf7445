import type { QueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/query-keys';
import { dashboardKeys } from './keys';

/** Locations and device placements move counts on every list (devices page and map too). */
export const invalidateInventory = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedKeys.devices }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.locations }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.connectedStatus }),
  ]);

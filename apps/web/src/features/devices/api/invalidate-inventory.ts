import type { QueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/query-keys';

/** A device change moves counts of gateways and locations too. */
export const invalidateInventory = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedKeys.devices }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.gateways }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.locations }),
  ]);

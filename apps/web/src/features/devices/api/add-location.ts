import { useMutation, useQueryClient } from '@tanstack/react-query';
import { locationReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { locationsQuery } from './list-locations';

/** POST /api/location — a location added from the device form; its errors are shown there. */
export const addLocation = (name: string) =>
  api.post('/api/location', locationReply, { body: { name }, silent: true });

export function useAddLocation(ownUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLocation,
    onSuccess: async (location) => {
      // At once in the select, which only shows a value it has among its options.
      queryClient.setQueryData(locationsQuery(ownUserId).queryKey, (current) =>
        current ? { ...current, list: [...current.list, location] } : current,
      );
      await queryClient.invalidateQueries({ queryKey: sharedKeys.locations });
    },
  });
}

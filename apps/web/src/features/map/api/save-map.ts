import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mapReply, type MapItem, type MapSaveBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import type { ApiError } from '../../../lib/api-error';
import { mapKeys } from './keys';

/**
 * A failed save or delete shows 'something went wrong' (spec monitoring 8); a refusal the owner
 * can act on (a device already placed on another map, say) shows its own message.
 */
export const actionable = (error: ApiError) => error.status === 400 || error.status === 409;

/** POST /api/map — the map's image offset, placed locations and devices, radius and scale. */
export const saveMap = (body: MapSaveBody) =>
  api.post('/api/map', mapReply, { body, silent: true });

export function useSaveMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMap,
    onSuccess: (saved) => {
      queryClient.setQueryData<MapItem[]>(mapKeys.list, (maps) =>
        maps?.map((map) => (map.id === saved.id ? saved : map)),
      );
    },
  });
}

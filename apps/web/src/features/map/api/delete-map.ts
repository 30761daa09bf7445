import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { mapKeys } from './keys';

/** DELETE /api/map/{id} — the map and its image. */
export const deleteMap = (id: string) =>
  api.delete(`/api/map/${encodeURIComponent(id)}`, okReply, { silent: true });

export function useDeleteMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMap,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapKeys.list }),
  });
}

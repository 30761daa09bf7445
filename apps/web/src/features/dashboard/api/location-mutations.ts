import { useMutation, useQueryClient } from '@tanstack/react-query';
import { locationReply, okReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { invalidateInventory } from './invalidate-inventory';

/** POST /api/location — the form shows a refusal under its input. */
export const addLocation = (name: string) =>
  api.post('/api/location', locationReply, { body: { name }, silent: true });

/** PUT /api/location/{id} — inline rename; the row shows the refusal under its input. */
export const renameLocation = ({ id, name }: { id: string; name: string }) =>
  api.put(`/api/location/${encodeURIComponent(id)}`, locationReply, {
    body: { name },
    silent: true,
  });

/** DELETE /api/location/{id} — its devices stay, out of any location. */
export const deleteLocation = (id: string) =>
  api.delete(`/api/location/${encodeURIComponent(id)}`, okReply);

function useInventoryMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateInventory(queryClient) });
}

export const useAddLocation = () => useInventoryMutation(addLocation);
export const useRenameLocation = () => useInventoryMutation(renameLocation);
export const useDeleteLocation = () => useInventoryMutation(deleteLocation);

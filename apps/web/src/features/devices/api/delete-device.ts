import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { invalidateInventory } from './invalidate-inventory';

/** DELETE /api/device/{id} — the device and its readings. */
export const deleteDevice = (id: string) =>
  api.delete(`/api/device/${encodeURIComponent(id)}`, okReply);

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSettled: () => invalidateInventory(queryClient),
  });
}

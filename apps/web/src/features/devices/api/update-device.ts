import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceReply, type DeviceUpdateBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { invalidateInventory } from './invalidate-inventory';

/** PUT /api/device/{id} — a changed device ID carries the unlock token. */
export const updateDevice = ({ id, body }: { id: string; body: DeviceUpdateBody }) =>
  api.put(`/api/device/${encodeURIComponent(id)}`, deviceReply, { body, silent: true });

export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDevice,
    onSuccess: () => invalidateInventory(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceReply, type DeviceBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { invalidateInventory } from './invalidate-inventory';

/** POST /api/device — failures are shown on the form (inline, or a toast without a field). */
export const addDevice = (body: DeviceBody) =>
  api.post('/api/device', deviceReply, { body, silent: true });

export function useAddDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDevice,
    onSuccess: () => invalidateInventory(queryClient),
  });
}

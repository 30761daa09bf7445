import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { invalidateInventory } from './invalidate-inventory';

/** PUT /api/device/{id} { deviceName } — inline rename; the row shows the refusal itself. */
export const renameDevice = ({ id, name }: { id: string; name: string }) =>
  api.put(`/api/device/${encodeURIComponent(id)}`, deviceReply, {
    body: { deviceName: name },
    silent: true,
  });

/** PUT /api/device/{id} { locationId } — the addDeviceLocation modal. */
export const placeDevice = ({ id, locationId }: { id: string; locationId: string }) =>
  api.put(`/api/device/${encodeURIComponent(id)}`, deviceReply, { body: { locationId } });

/** POST /api/device/unassignLocation/{id}. */
export const unassignLocation = (id: string) =>
  api.post(`/api/device/unassignLocation/${encodeURIComponent(id)}`, deviceReply);

interface Assignment {
  userId: string;
  deviceId: string;
}

/** POST /api/device/assignUser { userId, deviceId }. */
export const assignUser = (body: Assignment) =>
  api.post('/api/device/assignUser', deviceReply, { body });

/** POST /api/device/unassignUser { userId, deviceId }. */
export const unassignUser = (body: Assignment) =>
  api.post('/api/device/unassignUser', deviceReply, { body });

function useInventoryMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateInventory(queryClient) });
}

export const useRenameDevice = () => useInventoryMutation(renameDevice);
export const usePlaceDevice = () => useInventoryMutation(placeDevice);
export const useUnassignLocation = () => useInventoryMutation(unassignLocation);
export const useAssignUser = () => useInventoryMutation(assignUser);
export const useUnassignUser = () => useInventoryMutation(unassignUser);

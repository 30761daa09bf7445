import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { alarmKeys } from './keys';

/** DELETE /api/alarms/{id} — a device alarm or a light alarm. */
export const deleteAlarm = (id: string) =>
  api.delete(`/api/alarms/${encodeURIComponent(id)}`, okReply);

export function useDeleteAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlarm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}

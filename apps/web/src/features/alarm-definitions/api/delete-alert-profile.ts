import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { alarmKeys } from './keys';

/** POST /api/alarms/deleteAlarmProfile — the profile and the alarms it applied. */
export const deleteAlertProfile = (profileId: string) =>
  api.post('/api/alarms/deleteAlarmProfile', okReply, { body: { profileId } });

export function useDeleteAlertProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlertProfile,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alarmKeys.profiles }),
        queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
      ]),
  });
}

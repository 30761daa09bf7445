import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertProfileReply, type AlertProfileBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { alarmKeys } from './keys';

/** POST setAlarmProfile to add, POST updateAlarmProfile (with profileId) to change. */
export const saveAlertProfile = ({
  profileId,
  body,
}: {
  profileId?: string;
  body: AlertProfileBody;
}) =>
  profileId === undefined
    ? api.post('/api/alarms/setAlarmProfile', alertProfileReply, { body, silent: true })
    : api.post('/api/alarms/updateAlarmProfile', alertProfileReply, {
        body: { ...body, profileId },
        silent: true,
      });

export function useSaveAlertProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertProfile,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alarmKeys.profiles }),
        queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
      ]),
  });
}

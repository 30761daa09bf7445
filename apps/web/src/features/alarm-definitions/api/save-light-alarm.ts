import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceAlarmReply, lightAlarmCreateReply, type LightAlarmBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { alarmKeys } from './keys';

export type SaveLightAlarm =
  { id?: undefined; body: LightAlarmBody } | { id: string; body: Omit<LightAlarmBody, 'devices'> };

/** POST /api/alarms/lightProfile (one alarm per device) or PUT /api/alarms/lightProfile/{id}. */
export const saveLightAlarm = async ({ id, body }: SaveLightAlarm): Promise<void> => {
  // The form shows a refusal next to its field (silent: no toast of the client's).
  if (id === undefined)
    await api.post('/api/alarms/lightProfile', lightAlarmCreateReply, { body, silent: true });
  else
    await api.put(`/api/alarms/lightProfile/${encodeURIComponent(id)}`, deviceAlarmReply, {
      body,
      silent: true,
    });
};

export function useSaveLightAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLightAlarm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceAlarmReply, type DeviceAlarmBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { alarmKeys } from './keys';

export type SaveDeviceAlarm =
  | { id?: undefined; body: DeviceAlarmBody }
  | { id: string; body: Omit<DeviceAlarmBody, 'deviceId'> };

/** POST /api/alarms/setAlarm to add, PUT /api/alarms/{id} to change. */
export const saveDeviceAlarm = ({ id, body }: SaveDeviceAlarm) =>
  id === undefined
    ? api.post('/api/alarms/setAlarm', deviceAlarmReply, { body, silent: true })
    : api.put(`/api/alarms/${encodeURIComponent(id)}`, deviceAlarmReply, { body, silent: true });

export function useSaveDeviceAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeviceAlarm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}

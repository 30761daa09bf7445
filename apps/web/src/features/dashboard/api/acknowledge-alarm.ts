import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acknowledgeReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

interface Acknowledgement {
  eventId: string;
  comment: string;
  password: string;
}

/**
 * POST /api/alarms/events/{id}/acknowledge { comment, password } — an electronic signature
 * (DESIGN.md 9). The modal shows a refusal (a wrong password) itself, next to the field.
 */
export const acknowledgeAlarm = ({ eventId, comment, password }: Acknowledgement) =>
  api.post(`/api/alarms/events/${encodeURIComponent(eventId)}/acknowledge`, acknowledgeReply, {
    body: { comment, password },
    silent: true,
  });

export function useAcknowledgeAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlarm,
    onSuccess: (_reply, { eventId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.alarmComments(eventId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.recentAlarms }),
      ]),
  });
}

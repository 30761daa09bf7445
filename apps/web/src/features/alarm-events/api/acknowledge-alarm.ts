import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acknowledgeReply, type SignatureMeaning } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

interface Acknowledgement {
  eventId: string;
  comment: string;
  password: string;
  meaning: SignatureMeaning;
}

/**
 * POST /api/alarms/events/{id}/acknowledge { comment, password, meaning } — an electronic
 * signature (DESIGN.md 9). The modal shows a refusal (a wrong password) itself, next to the field.
 */
export const acknowledgeAlarm = ({ eventId, ...body }: Acknowledgement) =>
  api.post(`/api/alarms/events/${encodeURIComponent(eventId)}/acknowledge`, acknowledgeReply, {
    body,
    silent: true,
  });

/** Acknowledges, then refetches every view of an alarm's state (top bar, lists, cards). */
export function useAcknowledgeAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlarm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.alarmViews }),
  });
}

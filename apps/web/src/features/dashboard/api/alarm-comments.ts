import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alarmCommentReply, alarmCommentsReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/device-alarm/comments/{id}: an alarm event's comments, oldest first. */
export const alarmCommentsQuery = (eventId: string) =>
  queryOptions({
    queryKey: dashboardKeys.alarmComments(eventId),
    queryFn: ({ signal }) =>
      api.get(`/api/device-alarm/comments/${encodeURIComponent(eventId)}`, alarmCommentsReply, {
        signal,
      }),
  });

export function useAlarmComments(eventId: string | null) {
  return useQuery({ ...alarmCommentsQuery(eventId ?? ''), enabled: eventId !== null });
}

/** PUT /api/device-alarm/add-comment/{id} { comment }. */
export const addComment = ({ eventId, comment }: { eventId: string; comment: string }) =>
  api.put(`/api/device-alarm/add-comment/${encodeURIComponent(eventId)}`, alarmCommentReply, {
    body: { comment },
  });

export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (_comment, { eventId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.alarmComments(eventId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.recentAlarms }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportSendReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** POST /api/reports/{id}/send — "send now": a run of the period just ended, built at once. */
export const sendReport = (id: string) =>
  api.post(`/api/reports/${encodeURIComponent(id)}/send`, reportSendReply);

export function useSendReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReport,
    onSuccess: (run) => queryClient.invalidateQueries({ queryKey: reportKeys.runs(run.reportId) }),
  });
}

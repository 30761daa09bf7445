import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportReply, type ReportBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** POST /api/reports to add, PUT /api/reports/{id} (the whole payload) to change. */
export const saveReport = ({ id, body }: { id?: string; body: ReportBody }) =>
  id === undefined
    ? api.post('/api/reports', reportReply, { body, silent: true })
    : api.put(`/api/reports/${encodeURIComponent(id)}`, reportReply, { body, silent: true });

export function useSaveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.lists }),
  });
}

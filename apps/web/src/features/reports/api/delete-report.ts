import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** DELETE /api/reports/{id} — the report and its kept runs. */
export const deleteReport = (id: string) =>
  api.delete(`/api/reports/${encodeURIComponent(id)}`, okReply);

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.lists }),
  });
}

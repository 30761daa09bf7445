import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

/** DELETE /api/gateway/{id} — refused while devices still use the gateway (the server says so). */
export const deleteGateway = (id: string) =>
  api.delete(`/api/gateway/${encodeURIComponent(id)}`, okReply);

export function useDeleteGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGateway,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedKeys.gateways }),
  });
}

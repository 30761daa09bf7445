import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { templatesKey } from './list-templates';

/** DELETE /api/message-templates/{id}; 'Cant delete template!' while a user receives it. */
export const deleteTemplate = (id: string) =>
  api.delete(`/api/message-templates/${encodeURIComponent(id)}`, okReply);

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

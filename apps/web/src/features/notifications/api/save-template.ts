import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageTemplateReply, type MessageTemplateBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { templatesKey } from './list-templates';

/** POST /api/message-templates/ or PUT /api/message-templates/{id}. */
export const saveTemplate = ({ id, body }: { id?: string; body: MessageTemplateBody }) =>
  id
    ? api.put(`/api/message-templates/${encodeURIComponent(id)}`, messageTemplateReply, {
        body,
        silent: true,
      })
    : api.post('/api/message-templates/', messageTemplateReply, { body, silent: true });

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

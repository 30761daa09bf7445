import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageTemplateRelationListReply,
  messageTemplateRelationReply,
  type MessageTemplateRelationBody,
} from '@vigil/contracts';
import { api } from '../../../lib/api-client';

const relationsKey = ['messageTemplateRelations'] as const;

/** GET /api/message-templates-rel/?userId= — which template a user receives, per type and method. */
export const relationsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...relationsKey, userId],
    queryFn: ({ signal }) =>
      api.get('/api/message-templates-rel/', messageTemplateRelationListReply, {
        query: { userId },
        signal,
      }),
  });

export function useTemplateRelations(userId: string | undefined) {
  return useQuery({ ...relationsQuery(userId ?? ''), enabled: Boolean(userId) });
}

/** POST /api/message-templates-rel/ — choosing again for the same type and method replaces it. */
export const saveRelation = (body: MessageTemplateRelationBody) =>
  api.post('/api/message-templates-rel/', messageTemplateRelationReply, { body, silent: true });

export function useSaveRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRelation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: relationsKey }),
  });
}

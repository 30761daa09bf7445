import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

/**
 * PUT /api/user/language — so that mails and reports reach the person in their language. The
 * public pages' language menu comes with this hook: its schema (and Zod) loads when it is used.
 */
export async function updateLanguage(language: Language) {
  const { okReply } = await import('./ok-reply');
  return api.put('/api/user/language', okReply, { body: { language } });
}

export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.userMetadata }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply, type Language } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

/** PUT /api/user/language — so that mails and reports reach the person in their language. */
export const updateLanguage = (language: Language) =>
  api.put('/api/user/language', okReply, { body: { language } });

export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.userMetadata }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { apiKeyKey } from './get-api-key';

/** POST /api/account/createApiKey — the full key comes back this once; the old one is revoked. */
export const createApiKey = () => api.post('/api/account/createApiKey', apiKeyReply);

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKey }),
  });
}

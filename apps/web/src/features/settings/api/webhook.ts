import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhookReply, type WebhookBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

const webhookKey = ['webhook'] as const;

/** GET /api/account/webhooks — the account's webhook (its secret masked), or null. */
export const webhookQuery = () =>
  queryOptions({
    queryKey: webhookKey,
    queryFn: ({ signal }) => api.get('/api/account/webhooks', webhookReply, { signal }),
  });

export function useWebhook() {
  return useQuery(webhookQuery());
}

/** PUT /api/account/webhooks — the secret comes back in full on creation or rotation only. */
export const saveWebhook = (body: WebhookBody) =>
  api.put('/api/account/webhooks', webhookReply, { body, silent: true });

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKey }),
  });
}

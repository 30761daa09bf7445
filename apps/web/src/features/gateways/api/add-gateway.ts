import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gatewayCredentialsReply, type gatewayBody } from '@vigil/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

/** POST /api/gateway — the reply carries the MQTT secret, this once. */
export const addGateway = (body: z.input<typeof gatewayBody>) =>
  api.post('/api/gateway', gatewayCredentialsReply, { body, silent: true });

export function useAddGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addGateway,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.gateways }),
  });
}

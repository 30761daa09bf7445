import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gatewayReply, type gatewayUpdateBody } from '@vigil/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

type GatewayUpdateBody = z.input<typeof gatewayUpdateBody>;

/** PUT /api/gateway/{id} — a changed gateway ID carries the unlock token. */
export const updateGateway = ({ id, body }: { id: string; body: GatewayUpdateBody }) =>
  api.put(`/api/gateway/${encodeURIComponent(id)}`, gatewayReply, { body, silent: true });

export function useUpdateGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGateway,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.gateways }),
        // Devices show their gateway's name.
        queryClient.invalidateQueries({ queryKey: sharedKeys.devices }),
      ]),
  });
}

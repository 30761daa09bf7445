import { useMutation } from '@tanstack/react-query';
import { gatewayCredentialsReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/gateway/{id}/secret — a new MQTT secret, shown this once; the old one stops working. */
export const rotateGatewaySecret = (id: string) =>
  api.post(`/api/gateway/${encodeURIComponent(id)}/secret`, gatewayCredentialsReply);

export function useRotateGatewaySecret() {
  return useMutation({ mutationFn: rotateGatewaySecret });
}

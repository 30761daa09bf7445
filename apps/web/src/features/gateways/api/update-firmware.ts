import { useMutation } from '@tanstack/react-query';
import { firmwareUpdateReply, type GatewayFirmwareCommand } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

export type FirmwareRequest =
  | { target: 'gateway'; id: string; command: GatewayFirmwareCommand; firmwareId: string }
  | { target: 'node'; id: string; firmwareId: string };

/**
 * GET /api/gateway/public/gateway?id&command (spec 7) for a gateway; POST /api/device/{id}/firmware
 * for a node. The gateway reports progress live (socket `gatewayFirmware`).
 */
export const updateFirmware = (request: FirmwareRequest) =>
  request.target === 'gateway'
    ? api.get('/api/gateway/public/gateway', firmwareUpdateReply, {
        query: { id: request.id, command: request.command, firmwareId: request.firmwareId },
      })
    : api.post(`/api/device/${encodeURIComponent(request.id)}/firmware`, firmwareUpdateReply, {
        body: { firmwareId: request.firmwareId },
      });

export function useUpdateFirmware() {
  return useMutation({ mutationFn: updateFirmware });
}

import { useMutation } from '@tanstack/react-query';
import { loraFrequencyReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/gateway/{id}/loraFrequency, empty body (spec 7: the result is only logged). */
export const sendLoraFrequency = (id: string) =>
  api.post(`/api/gateway/${encodeURIComponent(id)}/loraFrequency`, loraFrequencyReply);

export function useSendLoraFrequency() {
  return useMutation({
    mutationFn: sendLoraFrequency,
    onSuccess: (data, id) => {
      console.info(`LoRa frequency ${data.frequency} sent to gateway ${id}`);
    },
  });
}

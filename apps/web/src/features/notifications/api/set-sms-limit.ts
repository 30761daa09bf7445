import { useMutation, useQueryClient } from '@tanstack/react-query';
import { smsLimitReply, type SmsLimitBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/account/addLimit — how many SMS an account may send per day. */
export const setSmsLimit = (body: SmsLimitBody) =>
  api.post('/api/account/addLimit', smsLimitReply, { body, silent: true });

export function useSetSmsLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSmsLimit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
}

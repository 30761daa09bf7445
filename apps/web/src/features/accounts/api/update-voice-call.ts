import { useMutation, useQueryClient } from '@tanstack/react-query';
import { voiceCallReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { accountsKey } from './list-accounts';

/** PATCH /api/account/voiceCall/{id} — voice-call alarms on or off for one account. */
export const updateVoiceCall = ({ id, voiceCall }: { id: string; voiceCall: boolean }) =>
  api.patch(`/api/account/voiceCall/${encodeURIComponent(id)}`, voiceCallReply, {
    body: { voiceCall },
  });

export function useUpdateVoiceCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVoiceCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}

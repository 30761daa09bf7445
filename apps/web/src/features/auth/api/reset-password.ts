import { useMutation } from '@tanstack/react-query';
import { messageReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

export const resetPassword = ({ token, password }: { token: string; password: string }) =>
  api.post(`/api/auth/forgot/${encodeURIComponent(token)}`, messageReply, {
    body: { password },
    public: true,
    // The form shows a refusal under the password (showServerError).
    silent: true,
  });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

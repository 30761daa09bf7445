import { useMutation } from '@tanstack/react-query';
import { messageReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

export const forgotPassword = (email: string) =>
  api.post('/api/auth/forgot', messageReply, { body: { email }, public: true, silent: true });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

import { useMutation } from '@tanstack/react-query';
import { messageReply, type SignupBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

export const signup = (body: SignupBody) =>
  api.post('/api/auth/signup', messageReply, { body, public: true, silent: true });

export function useSignup() {
  return useMutation({ mutationFn: signup });
}

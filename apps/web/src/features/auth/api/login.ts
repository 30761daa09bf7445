import { useMutation } from '@tanstack/react-query';
import { loginReply, type LoginBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/auth; a wrong password is this call's own 401, not an expired session. */
export const login = (body: LoginBody) => api.post('/api/auth', loginReply, { body, public: true });

export function useLogin() {
  return useMutation({ mutationFn: login });
}

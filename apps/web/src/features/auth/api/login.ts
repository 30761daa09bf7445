import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth; a wrong password is this call's own 401, not an expired session, and the
 * page says it next to the form (silent: no toast). `onSent` runs once the request is on its
 * way, so that what it starts (loading the signed-in app) does not queue before it.
 */
export async function login(body: LoginBody, onSent?: () => void) {
  const { loginReply } = await import('./login-schemas');
  const reply = api.post('/api/auth', loginReply, { body, public: true, silent: true });
  onSent?.();
  return reply;
}

export function useLogin(onSent?: () => void) {
  return useMutation({ mutationFn: (body: LoginBody) => login(body, onSent) });
}

import { useMutation } from '@tanstack/react-query';
import type { LoginBody, Session } from '@vigil/contracts';
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

export interface LoginHooks {
  /** Runs once the sign-in request is on its way. */
  onSent?: () => void;
  /**
   * Runs once the server has accepted the person, before the mutation settles: the app may wait
   * there for the code of the page it opens next. Its failure does not fail the sign-in.
   */
  prepare?: (session: Session) => Promise<unknown>;
}

export function useLogin({ onSent, prepare }: LoginHooks = {}) {
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const session = await login(body, onSent);
      await prepare?.(session).catch(() => undefined);
      return session;
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { okReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/** DELETE /api/auth revokes the session; the person is signed out here whatever it answers. */
export const logout = () => api.delete('/api/auth', okReply, { silent: true });

export function useLogout() {
  return useMutation({ mutationFn: logout });
}

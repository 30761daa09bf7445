import { unlockReply } from '@vigil/contracts';
import { api } from './api-client';

/**
 * POST /api/auth/unlock — the person's own password again, for a token that lets this session
 * change a device or gateway ID. A wrong password is shown under the password field, not as a toast.
 */
export const unlockIdChange = (password: string) =>
  api.post('/api/auth/unlock', unlockReply, {
    body: { password },
    silent: (error) => error.field === 'password',
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { tokenCheckReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/auth/forgot/:token — is the reset or invitation link still good, and for whom. */
export const resetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'resetToken', token],
    queryFn: ({ signal }) =>
      api.get(`/api/auth/forgot/${encodeURIComponent(token)}`, tokenCheckReply, {
        public: true,
        silent: true,
        signal,
      }),
    retry: false,
    staleTime: Infinity,
  });

export function useResetToken(token: string) {
  return useQuery(resetTokenQuery(token));
}

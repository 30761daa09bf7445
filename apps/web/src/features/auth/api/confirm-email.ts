import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/auth/confirm/:emailToken — confirms the address; the page shows the outcome. */
export const confirmEmailQuery = (emailToken: string) =>
  queryOptions({
    queryKey: ['auth', 'confirmEmail', emailToken],
    queryFn: ({ signal }) =>
      api.get(`/api/auth/confirm/${encodeURIComponent(emailToken)}`, messageReply, {
        public: true,
        silent: true,
        signal,
      }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useConfirmEmail(emailToken: string) {
  return useQuery(confirmEmailQuery(emailToken));
}

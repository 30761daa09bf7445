import { useQuery } from '@tanstack/react-query';
import { userIdsReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/user/userIds — the account's users a device can be assigned to (role `user`). */
export function useUserOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'userOptions'],
    queryFn: ({ signal }) => api.get('/api/user/userIds', userIdsReply, { signal }),
    select: (people) => people.filter((person) => person.role === 'user'),
    enabled,
  });
}

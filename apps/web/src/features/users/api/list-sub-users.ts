import { queryOptions, useQuery } from '@tanstack/react-query';
import { subUsersReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { usersKey } from './list-users';

/** GET /api/user/subUsers?parentId= — a 404 is not an error here: there is simply no one. */
export const subUsersQuery = (parentId: string | null) =>
  queryOptions({
    queryKey: [...usersKey, 'subUsers', parentId],
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/api/user/subUsers', subUsersReply, {
          query: { parentId },
          silent: (error) => error.status === 404,
          signal,
        });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
  });

export function useSubUsers(parentId: string | null) {
  return useQuery(subUsersQuery(parentId));
}

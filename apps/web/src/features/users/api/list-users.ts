import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageSizes, userListReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';

export const usersKey = ['users'] as const;

export interface UserListParams {
  page: number;
  searchString: string;
}

/** GET /api/user/{ownUserId}/ — the users page of the signed-in manager, paged on the server. */
export const usersQuery = (ownUserId: string, { page, searchString }: UserListParams) =>
  queryOptions({
    queryKey: [...usersKey, 'list', ownUserId, { page, searchString }],
    queryFn: ({ signal }) =>
      api.get(`/api/user/${encodeURIComponent(ownUserId)}/`, userListReply, {
        query: { page, pageSize: pageSizes.table, searchString: searchString.trim() },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useUsers(ownUserId: string, params: UserListParams) {
  return useQuery(usersQuery(ownUserId, params));
}

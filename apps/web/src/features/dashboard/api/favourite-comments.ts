import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { favouriteCommentReply, favouriteCommentsReply, okReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/alarms/favouriteComments: the person's own favourites (spec: errors are swallowed). */
export const favouriteCommentsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.favouriteComments,
    queryFn: ({ signal }) =>
      api.get('/api/alarms/favouriteComments', favouriteCommentsReply, { signal, silent: true }),
  });

export function useFavouriteComments(enabled: boolean) {
  return useQuery({ ...favouriteCommentsQuery(), enabled });
}

/** POST /api/alarms/favouriteComments { message }. */
export const addFavourite = (message: string) =>
  api.post('/api/alarms/favouriteComments', favouriteCommentReply, {
    body: { message },
    silent: true,
  });

/** DELETE /api/alarms/favouriteComments/{id}. */
export const deleteFavourite = (id: string) =>
  api.delete(`/api/alarms/favouriteComments/${encodeURIComponent(id)}`, okReply, { silent: true });

function useFavouriteMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.favouriteComments }),
  });
}

export const useAddFavourite = () => useFavouriteMutation(addFavourite);
export const useDeleteFavourite = () => useFavouriteMutation(deleteFavourite);

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { usersKey } from './list-users';

/** DELETE /api/user/{id}; a refusal (e.g. devices still assigned) is shown as the server says. */
export const deleteUser = (id: string) =>
  api.delete(`/api/user/${encodeURIComponent(id)}`, okReply);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userReply, type UpdateUserBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { usersKey } from './list-users';

export const updateUser = ({ id, body }: { id: string; body: UpdateUserBody }) =>
  api.put(`/api/user/${encodeURIComponent(id)}`, userReply, { body, silent: true });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

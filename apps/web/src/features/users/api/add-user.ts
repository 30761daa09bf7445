import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userReply, type AddUserBody } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { usersKey } from './list-users';

/** POST /api/user/add — the person gets an invitation mail to choose a password. */
export const addUser = (body: AddUserBody) =>
  api.post('/api/user/add', userReply, { body, silent: true });

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

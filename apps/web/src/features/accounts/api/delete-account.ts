import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAccountReply } from '@vigil/contracts';
import { api } from '../../../lib/api-client';
import { accountsKey } from './list-accounts';

/** DELETE /api/account/deleteAccount/{id} — disabled at once, its data purged after a grace period. */
export const deleteAccount = (id: string) =>
  api.delete(`/api/account/deleteAccount/${encodeURIComponent(id)}`, deleteAccountReply);

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}

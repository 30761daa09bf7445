import type { User } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteUser } from '../api/delete-user';

interface DeleteUserModalProps {
  opened: boolean;
  user: User | undefined;
  onClose: () => void;
}

/** `deleteUser`: confirm, then DELETE /api/user/{id}. */
export function DeleteUserModal({ opened, user, onClose }: DeleteUserModalProps) {
  const { t } = useTranslation();
  const deleteUser = useDeleteUser();
  const confirm = () => {
    if (!user) return;
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        notifySuccess(t('users.deleted'));
      },
      onSettled: onClose,
    });
  };
  return (
    <ConfirmModal
      name="deleteUser"
      opened={opened}
      title={t('users.deleteModal.title')}
      confirmLabel={t('users.deleteModal.confirm')}
      danger
      loading={deleteUser.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {t('users.deleteModal.text', { name: user?.name ?? '', email: user?.email ?? '' })}
    </ConfirmModal>
  );
}

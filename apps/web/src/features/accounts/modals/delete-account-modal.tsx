import type { AccountSummary } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteAccount } from '../api/delete-account';

interface DeleteAccountModalProps {
  account: AccountSummary | undefined;
  onClose: () => void;
}

/** The 'Account' confirmation: the account is disabled at once and purged after its grace period. */
export function DeleteAccountModal({ account, onClose }: DeleteAccountModalProps) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const confirm = () => {
    if (!account) return;
    remove.mutate(account.id, {
      onSuccess: (deleted) => {
        notifySuccess(t('accounts.deleteModal.done', { date: formatDateTime(deleted.purgeAfter) }));
      },
      onSettled: onClose,
    });
  };
  return (
    <ConfirmModal
      name="deleteAccount"
      opened={account !== undefined}
      title={t('accounts.deleteModal.title')}
      confirmLabel={t('accounts.deleteModal.confirm')}
      danger
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {t('accounts.deleteModal.text', {
        name: account?.companyName ?? '',
        email: account?.email ?? '',
      })}
    </ConfirmModal>
  );
}

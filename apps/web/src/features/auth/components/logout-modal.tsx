import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { signOut } from '../../../lib/session';
import { useLogout } from '../api/logout';

interface LogoutModalProps {
  opened: boolean;
  onClose: () => void;
}

/** `logoutModal`: confirm, revoke the session on the server, then sign out here. */
export function LogoutModal({ opened, onClose }: LogoutModalProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  const confirm = () => {
    logout.mutate(undefined, {
      onSettled: () => {
        onClose();
        notifySuccess(t('logout.success'));
        signOut('logout');
      },
    });
  };
  return (
    <ConfirmModal
      name="logoutModal"
      opened={opened}
      title={t('logout.title')}
      confirmLabel={t('logout.confirm')}
      loading={logout.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {t('logout.text')}
    </ConfirmModal>
  );
}

import type { AlertProfile } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteAlertProfile } from '../api/delete-alert-profile';

interface DeleteAlertProfileModalProps {
  profile: AlertProfile | undefined;
  onClose: () => void;
}

/** `deleteAlertProfile`: confirm, delete, toast, close. */
export function DeleteAlertProfileModal({ profile, onClose }: DeleteAlertProfileModalProps) {
  const { t } = useTranslation();
  const remove = useDeleteAlertProfile();
  return (
    <ConfirmModal
      name="deleteAlertProfile"
      opened={profile !== undefined}
      title={t('alarmDefinitions.profile.deleteTitle')}
      confirmLabel={t('alarmDefinitions.profile.deleteConfirm')}
      danger
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!profile) return;
        remove.mutate(profile.profileId, {
          onSuccess: () => {
            notifySuccess(t('alarmDefinitions.profile.deleted'));
            onClose();
          },
        });
      }}
    >
      {t('alarmDefinitions.profile.deleteText', { name: profile?.profileName ?? '' })}
    </ConfirmModal>
  );
}

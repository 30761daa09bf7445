import type { MessageTemplate } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteTemplate } from '../api/delete-template';

interface DeleteTemplateModalProps {
  opened: boolean;
  template: MessageTemplate | undefined;
  onClose: () => void;
}

/** `deleteMessageTemplate`: confirm, then DELETE; in use, the server says 'Cant delete template!'. */
export function DeleteTemplateModal({ opened, template, onClose }: DeleteTemplateModalProps) {
  const { t } = useTranslation();
  const remove = useDeleteTemplate();
  const confirm = () => {
    if (!template) return;
    remove.mutate(template.id, {
      onSuccess: () => {
        notifySuccess(t('notifications.templates.deleted'));
      },
      onSettled: onClose,
    });
  };
  return (
    <ConfirmModal
      name="deleteMessageTemplate"
      opened={opened}
      title={t('notifications.templates.deleteTitle')}
      confirmLabel={t('notifications.templates.deleteConfirm')}
      danger
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {t('notifications.templates.deleteText', { title: template?.title ?? '' })}
    </ConfirmModal>
  );
}

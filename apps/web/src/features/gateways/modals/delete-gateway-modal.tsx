import type { Gateway } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteGateway } from '../api/delete-gateway';

interface DeleteGatewayModalProps {
  opened: boolean;
  gateway: Gateway | undefined;
  onClose: () => void;
}

/** `deleteGateway`: confirm, then DELETE /api/gateway/{id}. */
export function DeleteGatewayModal({ opened, gateway, onClose }: DeleteGatewayModalProps) {
  const { t } = useTranslation();
  const deleteGateway = useDeleteGateway();
  const confirm = () => {
    if (!gateway) return;
    deleteGateway.mutate(gateway.id, {
      onSuccess: () => {
        notifySuccess(t('gateways.deleted'));
      },
      onSettled: onClose,
    });
  };
  return (
    <ConfirmModal
      name="deleteGateway"
      opened={opened}
      title={t('gateways.deleteModal.title')}
      confirmLabel={t('gateways.deleteModal.confirm')}
      danger
      loading={deleteGateway.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {t('gateways.deleteModal.text', {
        name: gateway?.name ?? '',
        gatewayId: gateway?.gatewayId ?? '',
      })}
    </ConfirmModal>
  );
}

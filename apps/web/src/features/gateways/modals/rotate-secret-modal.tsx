import type { Gateway } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useRotateGatewaySecret } from '../api/rotate-gateway-secret';
import type { GatewayCredentials } from './use-save-gateway';

interface RotateSecretModalProps {
  opened: boolean;
  gateway: Gateway | undefined;
  onClose: () => void;
  onRotated: (credentials: GatewayCredentials) => void;
}

/** A new MQTT secret for a gateway, after confirming that the old one stops working. */
export function RotateSecretModal({ opened, gateway, onClose, onRotated }: RotateSecretModalProps) {
  const { t } = useTranslation();
  const rotate = useRotateGatewaySecret();
  const confirm = () => {
    if (!gateway) return;
    rotate.mutate(gateway.id, {
      onSuccess: (credentials) => {
        onClose();
        onRotated(credentials);
        // The secret lives in the configuration dialog only, not in the mutation cache.
        rotate.reset();
      },
    });
  };
  return (
    <ConfirmModal
      name="rotateSecret"
      opened={opened}
      title={t('gateways.rotateModal.title')}
      confirmLabel={t('gateways.rotateModal.confirm')}
      danger
      loading={rotate.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {t('gateways.rotateModal.text', { name: gateway?.name ?? '' })}
    </ConfirmModal>
  );
}

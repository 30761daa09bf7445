import { Modal } from '@mantine/core';
import type { Gateway } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { GatewayForm } from './gateway-form';
import type { GatewayCredentials } from './use-save-gateway';

interface AddEditGatewayModalProps {
  opened: boolean;
  /** The gateway to edit; none to register one. */
  gateway: Gateway | undefined;
  onClose: () => void;
  onCreated: (credentials: GatewayCredentials) => void;
}

/** `addEditGateway` (medium). */
export function AddEditGatewayModal(props: AddEditGatewayModalProps) {
  const { opened, gateway, onClose, onCreated } = props;
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="md"
      title={gateway ? t('gateways.form.editTitle') : t('gateways.form.addTitle')}
      data-testid="addEditGateway"
    >
      <GatewayForm
        key={gateway?.id ?? 'new'}
        gateway={gateway}
        onDone={onClose}
        onCreated={onCreated}
      />
    </Modal>
  );
}

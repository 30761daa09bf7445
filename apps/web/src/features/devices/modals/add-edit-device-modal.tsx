import { Modal } from '@mantine/core';
import type { Device } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { DeviceForm } from './device-form';

interface AddEditDeviceModalProps {
  opened: boolean;
  /** The device to edit; none to add one. */
  device: Device | undefined;
  ownUserId: string;
  onClose: () => void;
}

/** `addEditDevice` (medium): register a sensor node or change one. */
export function AddEditDeviceModal({
  opened,
  device,
  ownUserId,
  onClose,
}: AddEditDeviceModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="md"
      title={device ? t('devices.form.editTitle') : t('devices.form.addTitle')}
      data-testid="addEditDevice"
    >
      <DeviceForm
        key={device?.id ?? 'new'}
        device={device}
        ownUserId={ownUserId}
        onDone={onClose}
      />
    </Modal>
  );
}

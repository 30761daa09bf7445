import type { Device } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteDevice } from '../api/delete-device';
import { displayDeviceId } from '../components/device-id';

interface DeleteDeviceModalProps {
  opened: boolean;
  device: Device | undefined;
  onClose: () => void;
}

/** `deleteDevice`: confirm, then DELETE /api/device/{id} (its readings go with it). */
export function DeleteDeviceModal({ opened, device, onClose }: DeleteDeviceModalProps) {
  const { t } = useTranslation();
  const deleteDevice = useDeleteDevice();
  const confirm = () => {
    if (!device) return;
    deleteDevice.mutate(device.id, {
      onSuccess: () => {
        notifySuccess(t('devices.deleted'));
      },
      onSettled: onClose,
    });
  };
  return (
    <ConfirmModal
      name="deleteDevice"
      opened={opened}
      title={t('devices.deleteModal.title')}
      confirmLabel={t('devices.deleteModal.confirm')}
      danger
      loading={deleteDevice.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {t('devices.deleteModal.text', {
        name: device?.name ?? '',
        deviceId: device ? displayDeviceId(device.deviceId) : '',
      })}
    </ConfirmModal>
  );
}

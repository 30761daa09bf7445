import type { Device } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { DeviceChoiceModal } from '../../../components/device-choice-modal';

interface AddMapDeviceModalProps {
  /** The location the device goes into, or null while closed. */
  location: { id: string; title: string } | null;
  /** The location's devices placed on no map (spec monitoring 5). */
  devices: readonly Device[];
  onChoose: (device: Device) => void;
  onClose: () => void;
}

/** Add device (a location's right-click menu): which device to place, then click the plan. */
export function AddMapDeviceModal({
  location,
  devices,
  onChoose,
  onClose,
}: AddMapDeviceModalProps) {
  const { t } = useTranslation();
  return (
    <DeviceChoiceModal
      opened={location !== null}
      title={t('map.addDeviceModal.title', { name: location?.title ?? '' })}
      name="addMapDevice"
      labels={{
        device: t('map.addDeviceModal.device'),
        placeholder: t('map.addDeviceModal.placeholder'),
        none: t('map.addDeviceModal.none'),
        submit: t('map.addDeviceModal.submit'),
      }}
      devices={devices}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}

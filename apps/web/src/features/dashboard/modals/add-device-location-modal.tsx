import type { Location } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { DeviceChoiceModal } from '../../../components/device-choice-modal';
import { notifySuccess } from '../../../lib/notify';
import { usePlaceDevice } from '../api/device-mutations';
import { useUnplacedDevices } from '../api/list-dashboard-devices';

interface AddDeviceLocationModalProps {
  opened: boolean;
  ownUserId: string;
  location: Location | null;
  onClose: () => void;
}

/** `addDeviceLocation`: puts a device that is in no location into the selected one. */
export function AddDeviceLocationModal(props: AddDeviceLocationModalProps) {
  const { opened, ownUserId, location, onClose } = props;
  const { t } = useTranslation();
  const devices = useUnplacedDevices(ownUserId, opened);
  const place = usePlaceDevice();
  return (
    <DeviceChoiceModal
      opened={opened}
      title={t('dashboard.addDeviceLocation.title', { name: location?.name ?? '' })}
      name="addDeviceLocation"
      labels={{
        device: t('dashboard.addDeviceLocation.device'),
        placeholder: t('dashboard.addDeviceLocation.placeholder'),
        none: t('dashboard.addDeviceLocation.none'),
        submit: t('dashboard.addDeviceLocation.submit'),
      }}
      devices={devices.data?.list ?? []}
      pending={place.isPending}
      onChoose={(device) => {
        if (!location) return;
        place.mutate(
          { id: device.id, locationId: location.id },
          {
            onSuccess: () => {
              notifySuccess(t('dashboard.addDeviceLocation.added'));
              onClose();
            },
          },
        );
      }}
      onClose={onClose}
    />
  );
}

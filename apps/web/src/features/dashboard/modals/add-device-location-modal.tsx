import { Button, Group, Modal, Select } from '@mantine/core';
import { messages, type Location } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
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
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const devices = useUnplacedDevices(ownUserId, opened);
  const place = usePlaceDevice();
  const close = () => {
    setDeviceId(null);
    setError(undefined);
    onClose();
  };
  const submit = () => {
    if (!deviceId) {
      setError(translateMessage(messages.deviceRequired));
      return;
    }
    if (!location) return;
    place.mutate(
      { id: deviceId, locationId: location.id },
      {
        onSuccess: () => {
          notifySuccess(t('dashboard.addDeviceLocation.added'));
          close();
        },
      },
    );
  };
  const options = (devices.data?.list ?? []).map((device) => ({
    value: device.id,
    label: device.name,
  }));
  return (
    <Modal
      opened={opened}
      onClose={close}
      size="md"
      title={t('dashboard.addDeviceLocation.title', { name: location?.name ?? '' })}
      data-testid="addDeviceLocation"
    >
      <Select
        label={t('dashboard.addDeviceLocation.device')}
        placeholder={t('dashboard.addDeviceLocation.placeholder')}
        nothingFoundMessage={t('dashboard.addDeviceLocation.none')}
        data={options}
        value={deviceId}
        error={error}
        searchable
        data-autofocus
        onChange={(value) => {
          setDeviceId(value);
          setError(undefined);
        }}
      />
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={close}>
          {t('common.cancel')}
        </Button>
        <Button loading={place.isPending} onClick={submit}>
          {t('dashboard.addDeviceLocation.submit')}
        </Button>
      </Group>
    </Modal>
  );
}

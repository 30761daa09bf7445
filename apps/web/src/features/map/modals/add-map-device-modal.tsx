import { Button, Group, Modal, Select } from '@mantine/core';
import { messages, type Device } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';

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
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const close = () => {
    setDeviceId(null);
    setError(undefined);
    onClose();
  };
  const submit = () => {
    const device = devices.find((item) => item.id === deviceId);
    if (!device) {
      setError(translateMessage(messages.deviceRequired));
      return;
    }
    setDeviceId(null);
    onChoose(device);
  };
  return (
    <Modal
      opened={location !== null}
      onClose={close}
      size="md"
      title={t('map.addDeviceModal.title', { name: location?.title ?? '' })}
      data-testid="addMapDevice"
    >
      <Select
        label={t('map.addDeviceModal.device')}
        placeholder={t('map.addDeviceModal.placeholder')}
        nothingFoundMessage={t('map.addDeviceModal.none')}
        data={devices.map((device) => ({ value: device.id, label: device.name }))}
        value={deviceId}
        error={error}
        searchable
        maxDropdownHeight={200}
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
        <Button onClick={submit}>{t('map.addDeviceModal.submit')}</Button>
      </Group>
    </Modal>
  );
}

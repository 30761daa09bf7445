import { Button, Group, Modal, Select } from '@mantine/core';
import { messages } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/messages';

interface DeviceOption {
  id: string;
  name: string;
}

interface DeviceChoiceModalProps<T extends DeviceOption> {
  opened: boolean;
  title: string;
  /** The modal's spec name, as its data-testid. */
  name: string;
  labels: { device: string; placeholder: string; none: string; submit: string };
  devices: readonly T[];
  /** The choice is being carried out (the submit button spins). */
  pending?: boolean;
  onChoose: (device: T) => void;
  onClose: () => void;
}

/**
 * A modal that asks which device, with 'please select a device' when none is chosen. Its form
 * unmounts when it closes, so it opens empty each time.
 */
export function DeviceChoiceModal<T extends DeviceOption>(props: DeviceChoiceModalProps<T>) {
  const { opened, title, name, onClose, ...form } = props;
  return (
    <Modal opened={opened} onClose={onClose} size="md" title={title} data-testid={name}>
      <DeviceChoiceForm {...form} onCancel={onClose} />
    </Modal>
  );
}

function DeviceChoiceForm<T extends DeviceOption>(
  props: Pick<DeviceChoiceModalProps<T>, 'labels' | 'devices' | 'pending' | 'onChoose'> & {
    onCancel: () => void;
  },
) {
  const { labels, devices, pending, onChoose, onCancel } = props;
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const submit = () => {
    const device = devices.find((item) => item.id === deviceId);
    if (device) onChoose(device);
    else setError(translateMessage(messages.deviceRequired));
  };
  return (
    <>
      <Select
        label={labels.device}
        placeholder={labels.placeholder}
        nothingFoundMessage={labels.none}
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
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button loading={pending} onClick={submit}>
          {labels.submit}
        </Button>
      </Group>
    </>
  );
}

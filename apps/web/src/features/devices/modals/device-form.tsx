import { Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { Device } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LockedIdInput } from '../../../components/locked-id-input';
import { inputProps } from '../../../lib/forms';
import { DeviceAlertFields } from './device-alert-fields';
import { deviceFormSchema, initialDeviceValues, type DeviceFormValues } from './device-form-schema';
import { DevicePlacementFields } from './device-placement-fields';
import { useSaveDevice } from './use-save-device';

interface DeviceFormProps {
  device: Device | undefined;
  ownUserId: string;
  onDone: () => void;
}

export function DeviceForm({ device, ownUserId, onDone }: DeviceFormProps) {
  const { t } = useTranslation();
  const form = useForm<DeviceFormValues>({
    initialValues: initialDeviceValues(device),
    validate: schemaResolver(deviceFormSchema, { sync: true }),
  });
  const [unlockToken, setUnlockToken] = useState<string>();
  const { save, pending } = useSaveDevice({ device, form, unlockToken, onDone });
  const submit = form.onSubmit((values) => {
    save(values);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('devices.form.name')}
          required
          data-autofocus
          {...inputProps(form, 'deviceName')}
        />
        {device ? (
          <LockedIdInput
            label={t('devices.form.deviceId')}
            inputProps={{ ...inputProps(form, 'deviceId'), autoComplete: 'off' }}
            locked={!unlockToken}
            onUnlocked={setUnlockToken}
          />
        ) : (
          <TextInput
            label={t('devices.form.deviceId')}
            description={t('devices.form.deviceIdDescription')}
            placeholder="00:1A:2B:3C:4D:5E"
            required
            autoComplete="off"
            {...inputProps(form, 'deviceId')}
          />
        )}
        <Divider label={t('devices.form.placement')} labelPosition="left" mt="xs" />
        <DevicePlacementFields form={form} ownUserId={ownUserId} />
        <Divider label={t('devices.form.alerts')} labelPosition="left" mt="xs" />
        <DeviceAlertFields form={form} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {device ? t('devices.form.submitEdit') : t('devices.form.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

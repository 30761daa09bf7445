import { ActionIcon, Button, Group, Paper, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { locationBody } from '@vigil/contracts';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useAddLocation } from '../api/add-location';
import { useLocations } from '../api/list-locations';
import type { DeviceFormHandle } from './device-form-schema';

interface LocationFieldProps {
  form: DeviceFormHandle;
  ownUserId: string;
}

/** The device's location, with a new one added right here when it is not there yet. */
export function LocationField({ form, ownUserId }: LocationFieldProps) {
  const { t } = useTranslation();
  const locations = useLocations(ownUserId);
  const [adding, setAdding] = useState(false);
  const data = (locations.data?.list ?? []).map((location) => ({
    value: location.id,
    label: location.name,
  }));
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label={t('devices.form.location')}
          placeholder={t('devices.form.noLocation')}
          data={data}
          searchable
          clearable
          nothingFoundMessage={t('devices.form.noLocations')}
          style={{ flex: 1 }}
          {...form.getInputProps('locationId')}
        />
        {!adding && (
          <Tooltip label={t('devices.form.newLocation')}>
            <ActionIcon
              variant="light"
              size="input-sm"
              aria-label={t('devices.form.newLocation')}
              onClick={() => {
                setAdding(true);
              }}
            >
              <IconPlus size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {adding && (
        <NewLocation
          ownUserId={ownUserId}
          onAdded={(id) => {
            form.setFieldValue('locationId', id);
            setAdding(false);
          }}
          onCancel={() => {
            setAdding(false);
          }}
        />
      )}
    </Stack>
  );
}

interface NewLocationProps {
  ownUserId: string;
  onAdded: (locationId: string) => void;
  onCancel: () => void;
}

/** POST /api/location from inside the device form (not a form of its own: forms do not nest). */
function NewLocation({ ownUserId, onAdded, onCancel }: NewLocationProps) {
  const { t } = useTranslation();
  const addLocation = useAddLocation(ownUserId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const add = () => {
    const parsed = locationBody.shape.name.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    addLocation.mutate(parsed.data, {
      onSuccess: (location) => {
        notifySuccess(t('devices.form.locationAdded', { name: location.name }));
        onAdded(location.id);
      },
      onError: (failure) => {
        setError(failure.message);
      },
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
    }
  };
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <TextInput
          label={t('devices.form.newLocationName')}
          // Opened on request: the person expects to type at once.
          autoFocus
          value={name}
          error={errorText(error)}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel} disabled={addLocation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button size="xs" loading={addLocation.isPending} onClick={add}>
            {t('devices.form.addLocation')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { messages } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../lib/field-errors';
import { notifySuccess } from '../../../lib/notify';
import { useAddLocation } from '../api/location-mutations';

/** Spec monitoring 5: a new location's name is required and at most 40 characters. */
export const locationNameMax = 40;

/** Adds a location; the spec's messages show under the input. */
export function AddLocationForm({ onAdded }: { onAdded: (id: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const errors = useFieldErrors(['name']);
  const add = useAddLocation();
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      errors.set('name', messages.locationRequired);
      return;
    }
    if (trimmed.length > locationNameMax) {
      errors.set('name', t('dashboard.locations.locationTooLong', { max: locationNameMax }));
      return;
    }
    add.mutate(trimmed, {
      onSuccess: (location) => {
        notifySuccess(t('dashboard.locations.added'));
        setName('');
        onAdded(location.id);
      },
      onError: errors.serverError,
    });
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          size="sm"
          style={{ flex: 1 }}
          label={t('dashboard.locations.newLocation')}
          placeholder={t('dashboard.locations.newLocationPlaceholder')}
          value={name}
          error={errors.error('name')}
          onChange={(event) => {
            setName(event.currentTarget.value);
            errors.clear('name');
          }}
        />
        <Button
          type="submit"
          mt={25}
          size="sm"
          leftSection={<IconPlus size={16} />}
          loading={add.isPending}
        >
          {t('dashboard.locations.add')}
        </Button>
      </Group>
    </form>
  );
}

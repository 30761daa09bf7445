import { Button, Group, Input, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { messages } from '@vigil/contracts';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../lib/field-errors';
import { notifySuccess } from '../../../lib/notify';
import { useAddLocation } from '../api/location-mutations';

/** Spec monitoring 5: a new location's name is required and at most 40 characters. */
export const locationNameMax = 40;

/**
 * Adds a location; the spec's messages show under the input. The label sits above the input and
 * the button, so that in a narrow card (a phone, or Polish and German words) the button goes
 * under the input rather than squeezing it until its placeholder is cut off.
 */
export function AddLocationForm({ onAdded }: { onAdded: (id: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [name, setName] = useState('');
  const errors = useFieldErrors(['name']);
  const add = useAddLocation();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
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
    <form noValidate onSubmit={submit}>
      <Input.Label htmlFor={inputId} size="sm">
        {t('dashboard.locations.newLocation')}
      </Input.Label>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          id={inputId}
          size="sm"
          style={{ flex: '1 1 11rem' }}
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

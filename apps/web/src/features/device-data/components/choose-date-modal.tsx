import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  hasDateErrors,
  parseLocalDateTime,
  toLocalDateTime,
  validateCustomDates,
} from '../custom-dates';
import type { CustomDates } from '../ranges';

interface ChooseDateModalProps {
  opened: boolean;
  /** False in fullscreen, where only the card's own elements are shown. */
  withinPortal: boolean;
  /** The dates chosen before, shown again for editing. */
  initial: CustomDates | undefined;
  onSave: (dates: CustomDates) => void;
  onCancel: () => void;
}

/** The chooseDate modal (medium): a custom range, start and end on 15-minute steps. */
export function ChooseDateModal(props: ChooseDateModalProps) {
  const { opened, withinPortal, initial, onSave, onCancel } = props;
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('deviceData.chooseDate.title')}
      size="md"
      withinPortal={withinPortal}
      data-testid="chooseDate"
    >
      <ChooseDateForm initial={initial} onSave={onSave} onCancel={onCancel} />
    </Modal>
  );
}

function ChooseDateForm({
  initial,
  onSave,
  onCancel,
}: Omit<ChooseDateModalProps, 'opened' | 'withinPortal'>) {
  const { t } = useTranslation();
  const [start, setStart] = useState(() =>
    initial ? toLocalDateTime(new Date(initial.from)) : '',
  );
  const [end, setEnd] = useState(() => (initial ? toLocalDateTime(new Date(initial.to)) : ''));
  const [touched, setTouched] = useState({ start: false, end: false });
  const errors = validateCustomDates(start, end, new Date());
  const message = (field: 'start' | 'end') => {
    const error = errors[field];
    return touched[field] && error ? t(`deviceData.chooseDate.${error}`) : undefined;
  };
  const save = () => {
    const from = parseLocalDateTime(start);
    const to = parseLocalDateTime(end);
    if (!from || !to || hasDateErrors(errors)) return;
    onSave({ from: from.toISOString(), to: to.toISOString() });
  };
  const field = (name: 'start' | 'end', value: string, set: (value: string) => void) => (
    <TextInput
      type="datetime-local"
      step={900}
      required
      label={t(`deviceData.chooseDate.${name}`)}
      value={value}
      error={message(name)}
      data-autofocus={name === 'start' ? true : undefined}
      onChange={(event) => {
        set(event.currentTarget.value);
        setTouched((was) => ({ ...was, [name]: true }));
      }}
      onBlur={() => {
        setTouched((was) => ({ ...was, [name]: true }));
      }}
    />
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack>
        {field('start', start, setStart)}
        {field('end', end, setEnd)}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCancel}>
            {t('deviceData.chooseDate.cancel')}
          </Button>
          <Button type="submit" disabled={hasDateErrors(errors)}>
            {t('deviceData.chooseDate.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasDateErrors, parseLocalDateTime, validateCustomDates } from '../custom-dates';
import type { CustomDates } from '../ranges';

// The calendar (@mantine/dates and dayjs' locales) loads when the modal first opens, not with
// the dashboard.
const DateTimeField = lazy(() => import('../../../components/date-time-field'));

/** An ISO time as the picker's local 'YYYY-MM-DD HH:mm:ss'. */
const pickerValueOf = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

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
      <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
        <ChooseDateForm
          initial={initial}
          withinPortal={withinPortal}
          onSave={onSave}
          onCancel={onCancel}
        />
      </Suspense>
    </Modal>
  );
}

/** The two typed times, which were touched, their messages and the save of a valid range. */
function useCustomDatesForm(
  initial: ChooseDateModalProps['initial'],
  onSave: ChooseDateModalProps['onSave'],
) {
  const { t } = useTranslation();
  const [start, setStart] = useState(() => (initial ? pickerValueOf(initial.from) : ''));
  const [end, setEnd] = useState(() => (initial ? pickerValueOf(initial.to) : ''));
  const [touched, setTouched] = useState({ start: false, end: false });
  const errors = validateCustomDates(start, end, new Date());
  const message = (field: 'start' | 'end') => {
    const error = errors[field];
    return touched[field] && error ? t(`deviceData.chooseDate.${error}`) : undefined;
  };
  const touch = (name: 'start' | 'end') => {
    setTouched((was) => ({ ...was, [name]: true }));
  };
  const save = () => {
    const from = parseLocalDateTime(start);
    const to = parseLocalDateTime(end);
    if (!from || !to || hasDateErrors(errors)) return;
    onSave({ from: from.toISOString(), to: to.toISOString() });
  };
  return { start, setStart, end, setEnd, message, touch, save, invalid: hasDateErrors(errors) };
}

function ChooseDateForm({
  initial,
  withinPortal,
  onSave,
  onCancel,
}: Omit<ChooseDateModalProps, 'opened'>) {
  const { t } = useTranslation();
  const { start, setStart, end, setEnd, message, touch, save, invalid } = useCustomDatesForm(
    initial,
    onSave,
  );
  const field = (name: 'start' | 'end', value: string, set: (value: string) => void) => (
    <DateTimeField
      required
      label={t(`deviceData.chooseDate.${name}`)}
      value={value || null}
      error={message(name)}
      data-autofocus={name === 'start' ? true : undefined}
      // In fullscreen only the card's own elements are shown: the calendar stays inside it.
      popoverProps={{ withinPortal }}
      onChange={(next) => {
        set(next ?? '');
        touch(name);
      }}
      onBlur={() => {
        touch(name);
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
          <Button type="submit" disabled={invalid}>
            {t('deviceData.chooseDate.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

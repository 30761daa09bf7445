import { Button, Group, Modal, PasswordInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { messages, signatureMeanings, type SignatureMeaning } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useAcknowledgeAlarm } from '../api/acknowledge-alarm';

/** What the modal says of the alarm it signs off. */
export interface AcknowledgedAlarm {
  eventId: string;
  name: string;
  deviceName: string;
  /** Its value with unit and when it started, as the list shows them. */
  detail?: string;
}

interface AcknowledgeModalProps {
  alarm: AcknowledgedAlarm | null;
  onClose: () => void;
}

type FieldErrors = Partial<Record<'comment' | 'password' | 'meaning', string>>;

/**
 * The acknowledgement as an electronic signature (DESIGN.md 9, 21 CFR 11.50): a comment, the
 * person's own password and the meaning of the signature, checked by the server; errors are
 * said next to their fields. Its form unmounts on close, so it opens empty each time.
 */
export function AcknowledgeModal({ alarm, onClose }: AcknowledgeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={alarm !== null}
      onClose={onClose}
      title={t('alarmAttention.acknowledge.title', { name: alarm?.name ?? '' })}
      data-testid="acknowledgeAlarm"
    >
      {alarm && <AcknowledgeForm alarm={alarm} onDone={onClose} />}
    </Modal>
  );
}

/** The signature's fields and errors, and the acknowledgement that checks them on the server. */
function useAcknowledgeForm(alarm: AcknowledgedAlarm, onDone: () => void) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [password, setPassword] = useState('');
  const [meaning, setMeaning] = useState<SignatureMeaning | null>('reviewed_and_acted_on');
  const [errors, setErrors] = useState<FieldErrors>({});
  const acknowledge = useAcknowledgeAlarm();
  const clear = (field: keyof FieldErrors) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = () => {
    const found: FieldErrors = {};
    if (!comment.trim()) found.comment = translateMessage(messages.commentRequired);
    if (!password) found.password = translateMessage(messages.passwordRequired);
    if (!meaning) found.meaning = translateMessage(messages.signatureMeaningRequired);
    setErrors(found);
    if (!meaning || Object.keys(found).length > 0) return;
    acknowledge
      .mutateAsync({ eventId: alarm.eventId, comment: comment.trim(), password, meaning })
      .then(() => {
        notifySuccess(t('alarmEvents.acknowledge.done'));
        onDone();
      })
      .catch((failure: unknown) => {
        const message = failure instanceof ApiError ? failure.translated : String(failure);
        const field = failure instanceof ApiError ? failure.field : undefined;
        setErrors(
          field === 'comment' || field === 'meaning' ? { [field]: message } : { password: message },
        );
      });
  };
  const fields = { comment, setComment, password, setPassword, meaning, setMeaning };
  return { ...fields, errors, clear, submit, pending: acknowledge.isPending };
}

function AcknowledgeForm({ alarm, onDone }: { alarm: AcknowledgedAlarm; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useAcknowledgeForm(alarm, onDone);
  const { errors, clear } = form;
  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <AlarmHeading alarm={alarm} />
      <Textarea
        label={t('alarmEvents.comments.label')}
        placeholder={t('alarmEvents.comments.placeholder')}
        withAsterisk
        rows={3}
        maxLength={1000}
        value={form.comment}
        error={errors.comment}
        onChange={(event) => {
          form.setComment(event.currentTarget.value);
          clear('comment');
        }}
      />
      <MeaningSelect
        meaning={form.meaning}
        error={errors.meaning}
        onChange={(meaning) => {
          form.setMeaning(meaning);
          clear('meaning');
        }}
      />
      <PasswordInput
        label={t('alarmEvents.acknowledge.password')}
        autoComplete="current-password"
        withAsterisk
        value={form.password}
        error={errors.password}
        onChange={(event) => {
          form.setPassword(event.currentTarget.value);
          clear('password');
        }}
      />
      <Group justify="flex-end">
        <Button type="submit" color="teal.9" loading={form.pending}>
          {t('alarmEvents.acknowledge.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The device, the alarm's detail and what signing means. */
function AlarmHeading({ alarm }: { alarm: AcknowledgedAlarm }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" fw={600}>
        {alarm.deviceName}
      </Text>
      {alarm.detail && (
        <Text size="sm" c="dimmed">
          {alarm.detail}
        </Text>
      )}
      <Text size="sm">{t('alarmEvents.acknowledge.help')}</Text>
    </>
  );
}

interface MeaningSelectProps {
  meaning: SignatureMeaning | null;
  error: string | undefined;
  onChange: (meaning: SignatureMeaning | null) => void;
}

/** The meaning of the signature (21 CFR 11.50). */
function MeaningSelect({ meaning, error, onChange }: MeaningSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('alarmAttention.acknowledge.meaning')}
      description={t('alarmAttention.acknowledge.meaningHelp')}
      withAsterisk
      allowDeselect={false}
      data={signatureMeanings.map((value) => ({
        value,
        label: t(`alarmAttention.meanings.${value}`),
      }))}
      value={meaning}
      error={error}
      onChange={(value) => {
        onChange(signatureMeanings.find((candidate) => candidate === value) ?? null);
      }}
      comboboxProps={{ withinPortal: false }}
    />
  );
}

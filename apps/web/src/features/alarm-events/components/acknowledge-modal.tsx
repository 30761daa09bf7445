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

function AcknowledgeForm({ alarm, onDone }: { alarm: AcknowledgedAlarm; onDone: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [password, setPassword] = useState('');
  const [meaning, setMeaning] = useState<SignatureMeaning | null>('reviewed_and_acted_on');
  const [errors, setErrors] = useState<FieldErrors>({});
  const acknowledge = useAcknowledgeAlarm();
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
  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Text size="sm" fw={600}>
        {alarm.deviceName}
      </Text>
      {alarm.detail && (
        <Text size="sm" c="dimmed">
          {alarm.detail}
        </Text>
      )}
      <Text size="sm">{t('alarmEvents.acknowledge.help')}</Text>
      <Textarea
        label={t('alarmEvents.comments.label')}
        placeholder={t('alarmEvents.comments.placeholder')}
        withAsterisk
        rows={3}
        maxLength={1000}
        value={comment}
        error={errors.comment}
        onChange={(event) => {
          setComment(event.currentTarget.value);
          setErrors((current) => ({ ...current, comment: undefined }));
        }}
      />
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
        error={errors.meaning}
        onChange={(value) => {
          setMeaning(signatureMeanings.find((candidate) => candidate === value) ?? null);
          setErrors((current) => ({ ...current, meaning: undefined }));
        }}
        comboboxProps={{ withinPortal: false }}
      />
      <PasswordInput
        label={t('alarmEvents.acknowledge.password')}
        autoComplete="current-password"
        withAsterisk
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.currentTarget.value);
          setErrors((current) => ({ ...current, password: undefined }));
        }}
      />
      <Group justify="flex-end">
        <Button type="submit" color="teal.9" loading={acknowledge.isPending}>
          {t('alarmEvents.acknowledge.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

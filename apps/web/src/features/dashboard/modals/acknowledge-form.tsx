import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { messages } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useAcknowledgeAlarm } from '../api/acknowledge-alarm';

interface AcknowledgeFormProps {
  eventId: string;
  /** The comment field's text: it is signed with the password. */
  comment: string;
  /** An empty comment is refused next to the comment field. */
  onCommentError: (message: string) => void;
  onAcknowledged: () => void;
}

/**
 * DESIGN.md 9: the acknowledgement is an electronic signature — the comment and the person's
 * own password, checked again by the server. A wrong password is said next to the field.
 */
export function AcknowledgeForm(props: AcknowledgeFormProps) {
  const { eventId, comment, onCommentError, onAcknowledged } = props;
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const acknowledge = useAcknowledgeAlarm();
  const submit = () => {
    const text = comment.trim();
    if (!text) onCommentError(translateMessage(messages.commentRequired));
    if (!password) setError(translateMessage(messages.passwordRequired));
    if (!text || !password) return;
    // mutateAsync: the answer is handled even though the form unmounts as the list refetches
    // (an acknowledged alarm has no acknowledge form).
    acknowledge
      .mutateAsync({ eventId, comment: text, password })
      .then(() => {
        setPassword('');
        notifySuccess(t('alarmEvents.acknowledge.done'));
        onAcknowledged();
      })
      .catch((failure: unknown) => {
        const message = failure instanceof ApiError ? failure.translated : String(failure);
        if (failure instanceof ApiError && failure.field === 'comment') onCommentError(message);
        else setError(message);
      });
  };
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Title order={3} size="h5">
        {t('alarmEvents.acknowledge.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('alarmEvents.acknowledge.help')}
      </Text>
      <PasswordInput
        label={t('alarmEvents.acknowledge.password')}
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(event) => {
          setPassword(event.currentTarget.value);
          setError(undefined);
        }}
      />
      <Group justify="flex-end">
        <Button type="submit" color="teal" loading={acknowledge.isPending}>
          {t('alarmEvents.acknowledge.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

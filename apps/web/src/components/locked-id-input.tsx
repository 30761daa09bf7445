import {
  ActionIcon,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Tooltip,
  type TextInputProps,
} from '@mantine/core';
import { IconLock, IconPencil } from '@tabler/icons-react';
import { messages } from '@vigil/contracts';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-error';
import { errorText } from '../lib/forms';
import { notifySuccess } from '../lib/notify';
import { unlockIdChange } from '../lib/unlock-id';

interface LockedIdInputProps {
  label: string;
  /** The form's props of the field (value, onChange, error...). */
  inputProps: Omit<TextInputProps, 'label'>;
  /** Edit mode: the ID stays read-only until the person re-enters their own password. */
  locked: boolean;
  /** Receives the token of `POST /api/auth/unlock`, to send with the changed ID. */
  onUnlocked: (unlockToken: string) => void;
}

/**
 * A device or gateway ID that is locked in edit mode (spec platform 4, DESIGN 8): the pencil
 * asks for the person's own password, which the server verifies.
 */
export function LockedIdInput({ label, inputProps, locked, onUnlocked }: LockedIdInputProps) {
  const { t } = useTranslation();
  const [prompting, setPrompting] = useState(false);
  const idInput = useRef<HTMLInputElement>(null);
  const pencilLabel = t('unlockId.open', { label });
  const unlocked = (token: string) => {
    setPrompting(false);
    onUnlocked(token);
    notifySuccess(t('unlockId.success'));
    // After React has made the input editable.
    setTimeout(() => idInput.current?.focus(), 0);
  };
  return (
    <Stack gap="xs">
      <TextInput
        {...inputProps}
        ref={idInput}
        label={label}
        required
        readOnly={locked}
        description={locked ? t('unlockId.locked') : inputProps.description}
        leftSection={locked ? <IconLock size={16} aria-hidden /> : undefined}
        rightSectionPointerEvents="all"
        rightSection={
          locked && !prompting ? (
            <Tooltip label={pencilLabel}>
              <ActionIcon
                variant="subtle"
                aria-label={pencilLabel}
                onClick={() => {
                  setPrompting(true);
                }}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          ) : undefined
        }
      />
      {locked && prompting && (
        <UnlockPrompt
          onUnlocked={unlocked}
          onCancel={() => {
            setPrompting(false);
          }}
        />
      )}
    </Stack>
  );
}

interface UnlockPromptProps {
  onUnlocked: (unlockToken: string) => void;
  onCancel: () => void;
}

/** The password typed, its error, and the unlock that hands the token on. */
function useUnlock(onUnlocked: (unlockToken: string) => void) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async () => {
    if (!password) {
      setError(messages.passwordRequired);
      return;
    }
    setPending(true);
    try {
      onUnlocked((await unlockIdChange(password)).unlockToken);
    } catch (cause) {
      // Other failures (too many attempts, no connection) are the API client's toast.
      if (isApiError(cause) && cause.field === 'password') {
        setError(cause.message);
        setPassword('');
      }
    } finally {
      setPending(false);
    }
  };
  const change = (value: string) => {
    setPassword(value);
    setError(undefined);
  };
  return { password, error, pending, change, submit };
}

/** A small prompt inside the form (not a form of its own: forms do not nest). */
function UnlockPrompt({ onUnlocked, onCancel }: UnlockPromptProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { password, error, pending, change, submit } = useUnlock(onUnlocked);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      // Closes the prompt, not the whole dialog.
      event.stopPropagation();
      onCancel();
    }
  };
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Text id={titleId} fz="sm" fw={600}>
          {t('unlockId.title')}
        </Text>
        <Text fz="xs" c="dimmed">
          {t('unlockId.text')}
        </Text>
        <PasswordInput
          label={t('unlockId.password')}
          autoComplete="current-password"
          // The prompt appears on request; the person expects to type at once.
          autoFocus
          value={password}
          error={errorText(error)}
          onChange={(event) => {
            change(event.currentTarget.value);
          }}
          onKeyDown={onKeyDown}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button size="xs" loading={pending} onClick={() => void submit()}>
            {t('unlockId.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

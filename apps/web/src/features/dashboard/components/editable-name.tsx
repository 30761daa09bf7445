import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';

/** Spec monitoring 5: inline location and device names are 3 to 50 characters. */
export const inlineName = { min: 3, max: 50 } as const;

interface EditableNameProps {
  name: string;
  /** Owners rename; others only see the name. */
  editable: boolean;
  onSave: (name: string) => Promise<unknown>;
  /** The display mode: the row's select button. */
  children: ReactNode;
  actions?: ReactNode;
}

/** A row that switches to an inline rename and back by save or cancel (spec monitoring 4). */
export function EditableName({ name, editable, onSave, children, actions }: EditableNameProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const cancel = () => {
    setEditing(false);
    setError(undefined);
  };
  const save = async () => {
    const trimmed = value.trim();
    if (trimmed.length < inlineName.min) {
      setError(t('dashboard.locations.nameTooShort', { min: inlineName.min }));
      return;
    }
    if (trimmed.length > inlineName.max) {
      setError(t('dashboard.locations.nameTooLong', { max: inlineName.max }));
      return;
    }
    if (trimmed === name) {
      cancel();
      return;
    }
    setSaving(true);
    try {
      await onSave(trimmed);
      cancel();
    } catch (cause) {
      setError(isApiError(cause) ? cause.translated : t('errors.somethingWentWrong'));
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <Group gap={4} wrap="nowrap" justify="space-between">
        {children}
        <Group gap={2} wrap="nowrap">
          {editable && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('dashboard.locations.rename', { name })}
              onClick={() => {
                setValue(name);
                setEditing(true);
              }}
            >
              <IconPencil size={16} />
            </ActionIcon>
          )}
          {actions}
        </Group>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        aria-label={t('dashboard.locations.newName', { name })}
        value={value}
        error={error}
        disabled={saving}
        data-autofocus
        autoFocus
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void save();
          if (event.key === 'Escape') cancel();
        }}
      />
      <ActionIcon
        variant="light"
        aria-label={t('dashboard.locations.saveName')}
        loading={saving}
        onClick={() => void save()}
      >
        <IconCheck size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('dashboard.locations.cancelRename')}
        onClick={cancel}
      >
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}

import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInlineRename } from './use-inline-rename';

export { inlineName } from './use-inline-rename';

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
  const rename = useInlineRename(name, onSave);

  if (!rename.editing) {
    return (
      <Group gap={4} wrap="nowrap" justify="space-between">
        {children}
        <Group gap={2} wrap="nowrap">
          {editable && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('dashboard.locations.rename', { name })}
              onClick={rename.start}
            >
              <IconPencil size={16} />
            </ActionIcon>
          )}
          {actions}
        </Group>
      </Group>
    );
  }
  return <RenameInput name={name} rename={rename} />;
}

/** The edit mode: the new name, with save and cancel (Enter and Escape too). */
function RenameInput({
  name,
  rename,
}: {
  name: string;
  rename: ReturnType<typeof useInlineRename>;
}) {
  const { t } = useTranslation();
  const { value, error, saving, change, cancel, save } = rename;
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
          change(event.currentTarget.value);
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

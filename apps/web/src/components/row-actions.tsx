import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export interface RowAction {
  /** What the button does to this row, e.g. "Edit Fridge 1": its tooltip and accessible name. */
  label: string;
  icon: Icon;
  color?: string;
  onClick: () => void;
}

/** A table row's icon buttons (edit, delete...), each named for assistive technology. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {actions.map(({ label, icon: ActionIconGlyph, color, onClick }) => (
        <Tooltip key={label} label={label}>
          <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
            <ActionIconGlyph size={18} />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

import { Box, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

interface SelectableRowProps {
  selected: boolean;
  label: string;
  onSelect: () => void;
  children: ReactNode;
}

/** The select button of a list row; the selected row is highlighted with a border. */
export function SelectableRow({ selected, label, onSelect, children }: SelectableRowProps) {
  return (
    <UnstyledButton
      aria-label={label}
      aria-pressed={selected}
      onClick={onSelect}
      px="xs"
      py={6}
      style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-sm)' }}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      bd={selected ? '1px solid var(--mantine-primary-color-filled)' : '1px solid transparent'}
    >
      <Box style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>{children}</Box>
    </UnstyledButton>
  );
}

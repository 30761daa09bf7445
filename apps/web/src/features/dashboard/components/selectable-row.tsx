import { Box, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

interface SelectableRowProps {
  selected: boolean;
  /** In the alarm set (spec monitoring 4): highlighted, and bordered in red when selected. */
  alarm?: boolean;
  onSelect: () => void;
  children: ReactNode;
}

/** The select button of a list row; the selected row is highlighted with a border. */
export function SelectableRow(props: SelectableRowProps) {
  const { selected, alarm = false, onSelect, children } = props;
  const border = alarm ? 'var(--mantine-color-red-text)' : 'var(--mantine-primary-color-filled)';
  const background = alarm
    ? 'var(--mantine-color-red-light)'
    : selected
      ? 'var(--mantine-primary-color-light)'
      : undefined;
  return (
    // Its content is its name (WCAG 2.5.3: the visible name starts the accessible one).
    <UnstyledButton
      aria-pressed={selected}
      onClick={onSelect}
      px="xs"
      py={6}
      style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-sm)' }}
      data-alarm={alarm || undefined}
      bg={background}
      bd={selected ? `${alarm ? 2 : 1}px solid ${border}` : '1px solid transparent'}
    >
      <Box style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>{children}</Box>
    </UnstyledButton>
  );
}

import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';

interface StatTileProps {
  label: string;
  /** What assistive technology announces, when the label alone is ambiguous (e.g. "Gateways: Active"). */
  name?: string;
  value: ReactNode;
  color?: string;
  compact: boolean;
}

/** A labelled figure: its label names it for assistive technology too. */
export function StatTile({ label, name, value, color, compact }: StatTileProps) {
  const id = useId();
  return (
    <Paper
      withBorder
      radius="sm"
      p={compact ? 6 : 'sm'}
      role="group"
      {...(name ? { 'aria-label': name } : { 'aria-labelledby': id })}
    >
      <Text id={id} size="xs" c="dimmed" tt="uppercase" fw={600} lineClamp={1}>
        {label}
      </Text>
      <Text fz={compact ? 'md' : 'xl'} fw={700} c={color}>
        {value}
      </Text>
    </Paper>
  );
}

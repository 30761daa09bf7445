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
  /** The metric is in alarm (red border and tint) or acknowledged but still out (orange). */
  alarm?: 'alarm' | 'acknowledged' | undefined;
}

const alarmStyles = {
  alarm: {
    borderColor: 'var(--mantine-color-red-filled)',
    borderWidth: 2,
    background: 'var(--mantine-color-red-light)',
  },
  acknowledged: {
    borderColor: 'var(--mantine-color-orange-filled)',
    borderWidth: 2,
    background: 'var(--mantine-color-orange-light)',
  },
} as const;

/** A labelled figure: its label names it for assistive technology too. */
export function StatTile({ label, name, value, color, compact, alarm }: StatTileProps) {
  const id = useId();
  return (
    <Paper
      withBorder
      radius="sm"
      p={compact ? 6 : 'sm'}
      role="group"
      style={alarm ? alarmStyles[alarm] : undefined}
      data-alarm={alarm}
      {...(name ? { 'aria-label': name } : { 'aria-labelledby': id })}
    >
      <Text
        id={id}
        size="xs"
        c="dimmed"
        tt="uppercase"
        fw={600}
        style={{ overflowWrap: 'anywhere' }}
      >
        {label}
      </Text>
      <Text fz={compact ? 'md' : 'xl'} fw={700} c={color}>
        {value}
      </Text>
    </Paper>
  );
}

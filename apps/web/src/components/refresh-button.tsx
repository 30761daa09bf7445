import { ActionIcon, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import classes from './refresh-button.module.css';

/** How long the icon turns after a click (spec platform 9: the accounts refresh spins 2 s). */
export const refreshSpinMs = 2000;

interface RefreshButtonProps {
  label: string;
  onRefresh: () => void;
}

/** A refresh icon that refetches and turns for two seconds, so the click is seen to happen. */
export function RefreshButton({ label, onRefresh }: RefreshButtonProps) {
  const [spinning, setSpinning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        aria-busy={spinning}
        data-spinning={spinning || undefined}
        onClick={() => {
          onRefresh();
          setSpinning(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            setSpinning(false);
          }, refreshSpinMs);
        }}
      >
        <IconRefresh size={18} className={spinning ? classes.spinning : undefined} />
      </ActionIcon>
    </Tooltip>
  );
}

import { ActionIcon, Box, Group, Paper, Title, Tooltip } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { DashboardCard as CardKey } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard-card.module.css';
import { stepOfKey, type CardStep } from './grid-layout';

/** The grid drags cards by this handle only, so that touch scrolling and clicks stay free. */
export const dragHandleClass = 'dashboard-drag-handle';

export const cardElementId = (card: CardKey) => `dashboard-card-${card}`;

interface DashboardCardProps {
  card: CardKey;
  title: string;
  /** Unlocked grids show the drag handle. */
  movable: boolean;
  /** The handle's arrow keys: move the card, or with Shift resize it. */
  onStep: (step: CardStep) => void;
  compact: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}

/** One card of the grid: a labelled region with its title bar and a scrollable body. */
export function DashboardCard(props: DashboardCardProps) {
  const { card, title, movable, onStep, compact, actions, children } = props;
  const titleId = `${cardElementId(card)}-title`;
  return (
    <Paper
      component="section"
      id={cardElementId(card)}
      aria-labelledby={titleId}
      withBorder
      radius="md"
      h="100%"
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      data-testid={`card-${card}`}
    >
      <Group
        gap="xs"
        px={compact ? 'xs' : 'md'}
        py="xs"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {movable && <DragHandle title={title} onStep={onStep} />}
        <Title order={2} fz={compact ? 'sm' : 'md'} id={titleId} style={{ flex: 1 }} lineClamp={1}>
          {title}
        </Title>
        {actions}
      </Group>
      {children !== undefined && (
        // Focusable, so that a keyboard can scroll a card whose content overflows it.
        <Box
          className={classes.body}
          p={compact ? 'xs' : 'md'}
          style={{ flex: 1, overflow: 'auto', minHeight: 0 }}
          tabIndex={0}
          aria-labelledby={titleId}
          role="group"
        >
          {children}
        </Box>
      )}
    </Paper>
  );
}

/** The card's drag handle: a pointer grabs it, arrow keys move the card and Shift+arrows resize it. */
function DragHandle({ title, onStep }: { title: string; onStep: (step: CardStep) => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('dashboard.grid.dragHandle')}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        className={dragHandleClass}
        style={{ cursor: 'grab', touchAction: 'none' }}
        aria-label={t('dashboard.grid.moveCard', { title })}
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Shift+ArrowUp Shift+ArrowDown Shift+ArrowLeft Shift+ArrowRight"
        onKeyDown={(event) => {
          const step = stepOfKey(event.key, event.shiftKey);
          if (!step) return;
          event.preventDefault();
          onStep(step);
        }}
      >
        <IconGripVertical size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

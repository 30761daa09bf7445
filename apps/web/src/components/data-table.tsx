import { Box, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './data-table.module.css';

/**
 * When a column gives way in a narrow container (its card or page, not the window): below
 * `sm` (36em, a phone), `md` (52em) or `lg` (64em). Put it on the column's Th and its Tds.
 */
export type HideBelow = 'sm' | 'md' | 'lg';

/** Props for a Th or Td of a column that drops out below `size`. */
export const hideBelow = (size: HideBelow) => ({ 'data-hide-below': size });

interface DataTableProps {
  children: ReactNode;
  /** The last column holds the row's actions: it stays in view while the rest scrolls. */
  stickyActions?: boolean;
  /** The width under which the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

/**
 * Every table's frame (issue 19): it fits its container, drops the columns marked with
 * `hideBelow` when the container is narrow, and otherwise scrolls sideways with a visible
 * scrollbar, the actions column kept in view.
 */
export function DataTable({ children, stickyActions = false, minWidth }: DataTableProps) {
  return (
    <Box className={classes.root}>
      <Table.ScrollContainer
        minWidth={minWidth ?? 0}
        type="scrollarea"
        // Focusable, so that a keyboard can scroll a table wider than its frame.
        scrollAreaProps={{
          type: 'auto',
          scrollbarSize: 10,
          offsetScrollbars: 'x',
          viewportProps: { tabIndex: 0 },
        }}
        className={stickyActions ? classes.sticky : undefined}
      >
        {children}
      </Table.ScrollContainer>
    </Box>
  );
}

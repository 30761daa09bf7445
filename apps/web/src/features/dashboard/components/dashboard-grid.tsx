import 'react-grid-layout/css/styles.css';
import { dashboardBreakpoints, type DashboardCard } from '@vigil/contracts';
import { useMemo, type ReactNode } from 'react';
import { Responsive, useContainerWidth, type Layout } from 'react-grid-layout';
import classes from './dashboard-grid.module.css';
import { dragHandleClass } from './dashboard-card';
import {
  compactBreakpoints,
  gridBreakpoints,
  gridCols,
  gridMargin,
  gridPadding,
  rowHeight,
  stepCard,
  type Breakpoint,
  type CardStep,
  type Layouts,
} from './grid-layout';

/** A minimised card keeps only its title bar. */
const minimisedHeight = 1;

interface DashboardGridProps {
  layouts: Layouts;
  visible: readonly DashboardCard[];
  locked: boolean;
  minimised: readonly DashboardCard[];
  onLayoutsChange: (layouts: Partial<Record<string, Layout>>) => void;
  /** `step` moves or resizes the card by keyboard in the breakpoint on screen. */
  renderCard: (card: DashboardCard, compact: boolean, step: (step: CardStep) => void) => ReactNode;
}

const breakpointOf = (width: number): Breakpoint =>
  dashboardBreakpoints.find((breakpoint) => width >= gridBreakpoints[breakpoint]) ?? 'xxs';

/** The draggable, resizable grid of the visible cards; locked, it holds still. */
export function DashboardGrid(props: DashboardGridProps) {
  const { layouts, visible, locked, minimised, onLayoutsChange, renderCard } = props;
  const { width, containerRef, mounted } = useContainerWidth();
  const breakpoint = breakpointOf(width);
  const compact = compactBreakpoints.includes(breakpoint);
  const stepOf = (card: DashboardCard) => (step: CardStep) => {
    onLayoutsChange({
      [breakpoint]: stepCard(layouts[breakpoint], card, step, gridCols[breakpoint]),
    });
  };

  const shown = useMemo(() => {
    const entries = dashboardBreakpoints.map((breakpoint) => [
      breakpoint,
      layouts[breakpoint]
        .filter((item) => visible.includes(item.i))
        .map((item) =>
          minimised.includes(item.i)
            ? { ...item, h: minimisedHeight, minH: minimisedHeight, isResizable: false }
            : item,
        ),
    ]);
    return Object.fromEntries(entries) as Record<Breakpoint, Layout>;
  }, [layouts, visible, minimised]);

  return (
    <div ref={containerRef} className={classes.grid}>
      {mounted && (
        <Responsive
          width={width}
          layouts={shown}
          breakpoints={gridBreakpoints}
          cols={gridCols}
          rowHeight={rowHeight}
          margin={gridMargin}
          containerPadding={gridPadding}
          dragConfig={{ enabled: !locked, handle: `.${dragHandleClass}` }}
          resizeConfig={{ enabled: !locked }}
          onLayoutChange={(_current, all) => {
            // A minimised card's one-row height is not its size: keep the stored one.
            const kept = Object.fromEntries(
              Object.entries(all).map(([breakpoint, items]) => [
                breakpoint,
                (items ?? []).filter((item) => !minimised.includes(item.i as DashboardCard)),
              ]),
            );
            onLayoutsChange(kept);
          }}
        >
          {visible.map((card) => (
            <div key={card}>{renderCard(card, compact, stepOf(card))}</div>
          ))}
        </Responsive>
      )}
    </div>
  );
}

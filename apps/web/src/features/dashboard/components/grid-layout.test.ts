import { dashboardBreakpoints, dashboardCards } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  completeLayouts,
  defaultLayout,
  gridCols,
  mergeLayouts,
  defaultLayouts,
  stepCard,
  stepOfKey,
} from './grid-layout';

const widths = (breakpoint: (typeof dashboardBreakpoints)[number]) =>
  Object.fromEntries(defaultLayout(breakpoint).map((item) => [item.i, item.w]));

describe('dashboard grid layout', () => {
  it('has the spec’s default large layout: five cards 6 wide, the data card 12', () => {
    expect(widths('lg')).toEqual({
      customStatus: 6,
      customDeviceStatus: 6,
      recentAlarms: 6,
      recentDoorOpening: 6,
      customLocation: 6,
      deviceData: 12,
      deviceOverview: 12,
    });
    expect(gridCols).toEqual({ lg: 12, md: 10, sm: 6, xs: 4, xxs: 2 });
  });

  it('stacks the cards full width on narrow grids, inside the minimum sizes', () => {
    for (const breakpoint of ['sm', 'xs', 'xxs'] as const) {
      const items = defaultLayout(breakpoint);
      expect(new Set(items.map((item) => item.w))).toEqual(new Set([gridCols[breakpoint]]));
      for (const item of items) {
        expect(item.w).toBeGreaterThanOrEqual(item.minW ?? 0);
        expect(item.h).toBeGreaterThanOrEqual(item.minH ?? 0);
      }
    }
  });

  it('puts the device picker first on a phone, the other cards after it in order', () => {
    for (const breakpoint of ['xs', 'xxs'] as const) {
      const byRow = [...defaultLayout(breakpoint)].sort((a, b) => a.y - b.y).map((card) => card.i);
      expect(byRow).toEqual([
        'customLocation',
        ...dashboardCards.filter((card) => card !== 'customLocation'),
      ]);
    }
  });

  it('completes a saved layout and keeps it inside the grid and the minimums', () => {
    const layouts = completeLayouts({
      lg: [{ i: 'customStatus', x: 11, y: 3, w: 20, h: 1 }],
    });
    expect(layouts.lg.find((item) => item.i === 'customStatus')).toMatchObject({
      x: 0,
      y: 3,
      w: 12,
      h: 4,
    });
    for (const breakpoint of dashboardBreakpoints) expect(layouts[breakpoint]).toHaveLength(7);
  });

  it('merges moved cards and keeps the same object when nothing moved', () => {
    const current = defaultLayouts();
    expect(mergeLayouts(current, { lg: current.lg })).toBe(current);
    const moved = mergeLayouts(current, {
      lg: [
        { i: 'customStatus', x: 6, y: 0, w: 6, h: 5 },
        { i: 'unknown', x: 0, y: 0, w: 1, h: 1 },
      ],
    });
    expect(moved).not.toBe(current);
    expect(moved.lg.find((item) => item.i === 'customStatus')?.x).toBe(6);
    expect(moved.md).toBe(current.md);
  });
});

describe('moving a card by keyboard', () => {
  it('reads arrows as moves and Shift + arrows as resizes', () => {
    expect(stepOfKey('ArrowRight', false)).toEqual({ dx: 1, dy: 0, dw: 0, dh: 0 });
    expect(stepOfKey('ArrowUp', false)).toEqual({ dx: 0, dy: -1, dw: 0, dh: 0 });
    expect(stepOfKey('ArrowDown', true)).toEqual({ dx: 0, dy: 0, dw: 0, dh: 1 });
    expect(stepOfKey('ArrowLeft', true)).toEqual({ dx: 0, dy: 0, dw: -1, dh: 0 });
    expect(stepOfKey('Enter', false)).toBeUndefined();
  });

  it('keeps the card inside the columns and above its minimum size', () => {
    const items = defaultLayout('lg');
    const status = items.find((item) => item.i === 'customStatus');
    if (!status) throw new Error('no status card');
    const moved = (step: Parameters<typeof stepCard>[2], from = items) =>
      stepCard(from, 'customStatus', step, gridCols.lg).find((item) => item.i === 'customStatus');
    expect(moved({ dx: 1, dy: 0, dw: 0, dh: 0 })).toMatchObject({ x: status.x + 1, w: status.w });
    expect(moved({ dx: -1, dy: -1, dw: 0, dh: 0 })).toMatchObject({ x: 0, y: 0 });
    expect(moved({ dx: 0, dy: 0, dw: 0, dh: -100 })?.h).toBe(status.minH);
    expect(moved({ dx: 0, dy: 0, dw: 100, dh: 0 })).toMatchObject({ x: 0, w: gridCols.lg });
    const atRightEdge = stepCard(items, 'customStatus', { dx: 6, dy: 0, dw: 0, dh: 0 }, 12);
    expect(moved({ dx: 0, dy: 0, dw: 2, dh: 0 }, atRightEdge)).toMatchObject({ x: 4, w: 8 });
    expect(stepCard(items, 'customStatus', { dx: 1, dy: 0, dw: 0, dh: 0 }, 12)[1]).toBe(items[1]);
  });
});

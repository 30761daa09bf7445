import { describe, expect, it } from 'vitest';
import {
  canvasSizeOf,
  fitView,
  panBy,
  pinchOf,
  pinchZoom,
  toPlan,
  toScreen,
  wheelPixels,
  wheelZoom,
  zoomAbout,
  zoomIn,
  zoomOut,
} from './view';

const view = { x: 40, y: 20, scale: 2 };
const anchor = { x: 300, y: 200 };

describe('map view', () => {
  it('converts between screen and plan coordinates', () => {
    const plan = toPlan(view, anchor);
    expect(plan).toEqual({ x: 130, y: 90 });
    expect(toScreen(view, plan)).toEqual(anchor);
  });

  it('zooms by 0.8 a step about the anchor, which stays put', () => {
    const out = zoomOut(view, anchor);
    expect(out?.scale).toBeCloseTo(1.6);
    expect(toScreen(out!, toPlan(view, anchor))).toEqual(anchor);
    const back = zoomIn(out!, anchor);
    expect(back?.scale).toBeCloseTo(2);
    expect(back?.x).toBeCloseTo(view.x);
  });

  it('zooms by 0.0005 per wheel unit, out when scrolling down', () => {
    expect(wheelZoom(view, 100, anchor)?.scale).toBeCloseTo(2 * 0.95);
    expect(wheelZoom(view, -200, anchor)?.scale).toBeCloseTo(2 * 1.1);
  });

  it('reads wheel lines and pages as the pixels a browser scrolls', () => {
    expect(wheelPixels(100, 0, 600)).toBe(100);
    expect(wheelPixels(3, 1, 600)).toBe(48);
    expect(wheelPixels(-1, 2, 600)).toBe(-600);
    // Three lines down (Firefox) zoom as much as 48 pixels do elsewhere.
    expect(wheelZoom(view, wheelPixels(3, 1, 600), anchor)?.scale).toBeCloseTo(
      2 * (1 - 48 * 0.0005),
    );
  });

  it('ignores a zoom whose result would be zero or below', () => {
    expect(wheelZoom(view, 2000, anchor)).toBeUndefined();
    expect(wheelZoom(view, 5000, anchor)).toBeUndefined();
    expect(zoomAbout(view, 0, anchor)).toBeUndefined();
    expect(zoomAbout(view, Number.NaN, anchor)).toBeUndefined();
  });

  it('never zooms to zero however often zoomed out: the scale stops at what a map may store', () => {
    let current = { x: 0, y: 0, scale: 1 };
    for (let step = 0; step < 200; step += 1) current = zoomOut(current, anchor) ?? current;
    expect(current.scale).toBe(0.01);
  });

  it('pans', () => {
    expect(panBy(view, -10, 5)).toEqual({ x: 30, y: 25, scale: 2 });
  });

  it('fits the whole plan into the canvas, centred', () => {
    const fitted = fitView({ width: 2000, height: 1000 }, { width: 1000, height: 800 }, 1);
    expect(fitted).toEqual({ scale: 0.5, x: 0, y: 150 });
  });

  it('pinches: zooms by the change of the fingers’ spread and follows their midpoint', () => {
    const from = pinchOf({ x: 100, y: 100 }, { x: 200, y: 100 });
    const to = pinchOf({ x: 60, y: 120 }, { x: 260, y: 120 });
    const next = pinchZoom({ x: 0, y: 0, scale: 1 }, from, to);
    expect(next?.scale).toBeCloseTo(2);
    // The plan point under the fingers' old midpoint is under their new one.
    expect(toScreen(next!, { x: 150, y: 100 })).toEqual({ x: 160, y: 120 });
    expect(pinchZoom(view, { center: anchor, distance: 0 }, to)).toBeUndefined();
  });

  it('sizes the canvas as the window less 10 by the window less 200, within the page', () => {
    expect(canvasSizeOf({ width: 1280, height: 800 }, 0)).toEqual({ width: 1270, height: 600 });
    expect(canvasSizeOf({ width: 1280, height: 800 }, 990)).toEqual({ width: 990, height: 600 });
    expect(canvasSizeOf({ width: 480, height: 400 }, 456)).toEqual({ width: 456, height: 280 });
  });
});

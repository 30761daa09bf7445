import { mapLimits } from '@vigil/contracts';

/** Where the plan sits on the canvas: the stage's offset (screen pixels) and its scale. */
export interface MapView {
  x: number;
  y: number;
  scale: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** A screen point in plan (image pixel) coordinates. */
export const toPlan = (view: MapView, point: Point): Point => ({
  x: (point.x - view.x) / view.scale,
  y: (point.y - view.y) / view.scale,
});

/** A plan point on screen. */
export const toScreen = (view: MapView, point: Point): Point => ({
  x: point.x * view.scale + view.x,
  y: point.y * view.scale + view.y,
});

/**
 * The view scaled by `factor` about `anchor` (a screen point that stays where it is). Spec
 * monitoring 5: a zoom whose result would be zero or below is ignored (undefined); the scale
 * stays within what a map may store.
 */
export function zoomAbout(view: MapView, factor: number, anchor: Point): MapView | undefined {
  const wanted = view.scale * factor;
  if (!Number.isFinite(wanted) || wanted <= 0) return undefined;
  const scale = Math.min(mapLimits.scaleMax, Math.max(mapLimits.scaleMin, wanted));
  const fixed = toPlan(view, anchor);
  return { scale, x: anchor.x - fixed.x * scale, y: anchor.y - fixed.y * scale };
}

/** The zoom buttons: 0.8 per step (spec monitoring 9). */
export const zoomIn = (view: MapView, anchor: Point) =>
  zoomAbout(view, 1 / mapLimits.zoomStep, anchor);
export const zoomOut = (view: MapView, anchor: Point) =>
  zoomAbout(view, mapLimits.zoomStep, anchor);

/** Pixels in a wheel event's line (Firefox reports lines) as browsers scroll them. */
const wheelLinePixels = 16;

/**
 * A wheel event's vertical delta in pixels, whatever unit the browser reports it in
 * (WheelEvent.deltaMode: 0 pixels, 1 lines, 2 pages of `pageHeight`).
 */
export function wheelPixels(deltaY: number, deltaMode: number, pageHeight: number): number {
  if (deltaMode === 1) return deltaY * wheelLinePixels;
  if (deltaMode === 2) return deltaY * pageHeight;
  return deltaY;
}

/** The mouse wheel: 0.0005 per wheel unit (pixel), scrolling down zooms out. */
export const wheelZoom = (view: MapView, deltaY: number, anchor: Point) =>
  zoomAbout(view, 1 - deltaY * mapLimits.wheelFactor, anchor);

export const panBy = (view: MapView, dx: number, dy: number): MapView => ({
  ...view,
  x: view.x + dx,
  y: view.y + dy,
});

/** The whole plan in the canvas, centred, with a small margin. */
export function fitView(image: Size, canvas: Size, margin = 0.95): MapView {
  if (image.width <= 0 || image.height <= 0) return { x: 0, y: 0, scale: 1 };
  const wanted = Math.min(canvas.width / image.width, canvas.height / image.height) * margin;
  const scale = Math.min(mapLimits.scaleMax, Math.max(mapLimits.scaleMin, wanted));
  return {
    scale,
    x: (canvas.width - image.width * scale) / 2,
    y: (canvas.height - image.height * scale) / 2,
  };
}

/** Two fingers on the screen: their midpoint and how far apart they are. */
export interface Pinch {
  center: Point;
  distance: number;
}

export const pinchOf = (a: Point, b: Point): Pinch => ({
  center: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
  distance: Math.hypot(a.x - b.x, a.y - b.y),
});

/**
 * Touch: the fingers moved from `from` to `to`; the plan zooms by the change in their spread
 * and follows their midpoint (pinch zoom and two-finger pan at once).
 */
export function pinchZoom(view: MapView, from: Pinch, to: Pinch): MapView | undefined {
  if (from.distance <= 0) return undefined;
  const zoomed = zoomAbout(view, to.distance / from.distance, from.center);
  return zoomed && panBy(zoomed, to.center.x - from.center.x, to.center.y - from.center.y);
}

/**
 * Spec monitoring 2: the canvas is the window's width less 10 and its height less 200 pixels;
 * here no wider than the page's content area beside the navigation, and never too small to use.
 */
export function canvasSizeOf(window: Size, containerWidth: number): Size {
  const wanted = window.width - 10;
  const width = containerWidth > 0 ? Math.min(wanted, containerWidth) : wanted;
  return { width: Math.max(200, Math.floor(width)), height: Math.max(280, window.height - 200) };
}

import { mapLimits } from '@vigil/contracts';
import type { Point } from './view';

interface Dot {
  imageX: number;
  imageY: number;
}

interface Outline {
  imageX: number;
  imageY: number;
  imageWidth: number;
  imageHeight: number;
}

/**
 * The device dot under `point` (plan coordinates). Dots keep their size on screen (`radius`
 * pixels at any zoom), and a click counts within twice that (spec monitoring 9); the nearest
 * dot wins where several are in reach.
 */
export function deviceAt<T extends Dot>(
  devices: readonly T[],
  point: Point,
  radius: number,
  scale: number,
): T | undefined {
  const reach = (radius * mapLimits.clickTolerance) / scale;
  let found: T | undefined;
  let nearest = Infinity;
  for (const device of devices) {
    const distance = Math.hypot(device.imageX - point.x, device.imageY - point.y);
    if (distance <= reach && distance < nearest) {
      found = device;
      nearest = distance;
    }
  }
  return found;
}

/** The location outline under `point`; the one drawn last (on top) wins. */
export function locationAt<T extends Outline>(
  locations: readonly T[],
  point: Point,
): T | undefined {
  for (let index = locations.length - 1; index >= 0; index -= 1) {
    const location = locations[index];
    if (!location) continue;
    const insideX = point.x >= location.imageX && point.x <= location.imageX + location.imageWidth;
    const insideY = point.y >= location.imageY && point.y <= location.imageY + location.imageHeight;
    if (insideX && insideY) return location;
  }
  return undefined;
}

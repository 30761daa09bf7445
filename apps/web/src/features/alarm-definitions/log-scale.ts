/**
 * A logarithmic slider scale (the light profile's lux, 1 to 65536): equal steps of the slider
 * are equal ratios of light, so that 300 and 1000 lux lie far apart instead of at one end.
 */
export const logSteps = 1000;

/** The slider position (0 to logSteps) of `value` inside [min, max]; min must be above 0. */
export function toLogPosition(value: number, [min, max]: readonly [number, number]): number {
  const clamped = Math.min(max, Math.max(min, value));
  return Math.round((Math.log(clamped / min) / Math.log(max / min)) * logSteps);
}

/** The value at a slider position, to `step` (0.1 lux). */
export function fromLogPosition(
  position: number,
  [min, max]: readonly [number, number],
  step = 0.1,
): number {
  const value = min * (max / min) ** (position / logSteps);
  return Math.min(max, Math.max(min, Math.round(value / step) * step));
}

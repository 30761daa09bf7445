import { mapLimits } from '@vigil/contracts';

/** The radius control: whole steps between its bounds. */
export const clampRadius = (value: number): number =>
  Math.min(mapLimits.radiusMax, Math.max(mapLimits.radiusMin, Math.round(value)));

/** Spec monitoring 5: a stored radius above 5 is capped to 5 on load. */
export const loadedRadius = (stored: number | null | undefined): number =>
  clampRadius(Math.min(stored ?? mapLimits.radiusDefault, mapLimits.radiusDefault));

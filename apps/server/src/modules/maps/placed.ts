import type { AppContext } from '../../context.js';

/** Tells this process's map feed that placements changed (other processes re-read in seconds). */
export function mapsChanged(ctx: AppContext): void {
  try {
    ctx.realtime.mapsChanged();
  } catch {
    // no realtime side on this context
  }
}

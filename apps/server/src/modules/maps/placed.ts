import type { AppContext } from '../../context.js';
import { realtimeOf } from '../../realtime/realtime.js';

/** Tells this process's map feed that placements changed (other processes re-read in seconds). */
export function mapsChanged(ctx: AppContext): void {
  try {
    realtimeOf(ctx).mapsChanged();
  } catch {
    // no realtime side on this context
  }
}

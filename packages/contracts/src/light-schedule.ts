import { z } from 'zod';

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM');

/** One time window of a light-profile day, in the alarm's own timezone; `to` after `from`. */
export const lightWindow = z.object({ from: clock, to: clock });

/**
 * A weekday of a light profile: when enabled, the lux reading must stay inside the alarm's
 * min/max lux during either of the (up to) two windows. `day` 0 = Monday ... 6 = Sunday.
 */
export const lightDay = z.object({
  day: z.number().int().min(0).max(6),
  enabled: z.boolean(),
  windows: z.array(lightWindow).max(2),
});

/** The weekly schedule stored in `alarms.light_schedule` for `kind = 'light'` alarms. */
export const lightSchedule = z.object({ days: z.array(lightDay).length(7) });
export type LightSchedule = z.infer<typeof lightSchedule>;

/** Lux bounds of the light profile form (spec monitoring 9). */
export const luxRange = { min: 1, max: 65536, step: 0.1 } as const;

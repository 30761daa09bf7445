/**
 * The UTC timestamps of chart series. Durations are lib/durations.ts; wall-clock time in a zone
 * (local dates, midnights, table timestamps) is lib/time-zone.ts.
 */
import { dayMs, hourMs, minuteMs } from '../../lib/durations.js';

const twoDigits = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const threeDigits = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * A formatter of instants (ms since the epoch) as `new Date(instant).toISOString()` does
 * (fractions of a millisecond dropped), for series of them: the date part is formatted once per UTC day, the time by
 * arithmetic, several times faster than a Date per instant (a chart has 1,500 of them).
 */
export function isoFormatter(): (instant: number) => string {
  let day = Number.NaN;
  let datePart = '';
  return (exact) => {
    const instant = Math.trunc(exact);
    const dayNumber = Math.floor(instant / dayMs);
    if (dayNumber !== day) {
      day = dayNumber;
      const iso = new Date(dayNumber * dayMs).toISOString();
      datePart = iso.slice(0, iso.indexOf('T') + 1);
    }
    const time = instant - dayNumber * dayMs;
    const hours = Math.floor(time / hourMs);
    const minutes = Math.floor(time / minuteMs) % 60;
    const seconds = Math.floor(time / 1000) % 60;
    return `${datePart}${twoDigits[hours] ?? ''}:${twoDigits[minutes] ?? ''}:${twoDigits[seconds] ?? ''}.${threeDigits[time % 1000] ?? ''}Z`;
  };
}

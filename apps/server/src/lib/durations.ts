/** Durations in milliseconds, for arithmetic on instants (UTC). Wall-clock time in a zone is time-zone.ts. */

export const minuteMs = 60_000;
export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;

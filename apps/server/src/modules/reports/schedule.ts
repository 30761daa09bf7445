/**
 * When scheduled reports run (spec monitoring 3 and 9, DESIGN 3): daily, weekly (Monday) and
 * monthly (the 1st) at 00:00 in the report's own IANA timezone, each run covering the period
 * that has just ended. Local midnights move with daylight saving time, so a "day" is 23, 24 or
 * 25 hours long; the wall-clock arithmetic is lib/time-zone.ts.
 */
import { noPayload, type ClockEntry } from '../../jobs/clock.js';
import { addInZone, startOf, wallClock } from '../../lib/time-zone.js';

/** The once-a-minute job that enqueues due report runs (enqueued by the worker's clock). */
export const reportScheduleJob = 'reports.schedule';

/** The clock only enqueues the tick; the tick enqueues the runs that are due. */
export const reportsClock: ClockEntry[] = [
  { job: reportScheduleJob, every: 'minute', payload: noPayload, maxAttempts: 1 },
];
/** The job that builds and mails one run (modules/reports/run.ts). */
export const reportRunJob = 'reports.run';

/** Spec monitoring 9: 1 daily, 2 weekly, 3 monthly. */
export type ReportFrequency = 1 | 2 | 3;

export type Period = { start: number; end: number };

/** The calendar unit of each frequency, and one of it as an amount to add. */
const units = {
  1: { unit: 'day', one: { days: 1 } },
  2: { unit: 'week', one: { weeks: 1 } },
  3: { unit: 'month', one: { months: 1 } },
} as const;

/** The period (of `frequency`, in `timezone`) that `instant` lies in: start <= instant < end. */
export function periodContaining(
  instant: number,
  frequency: ReportFrequency,
  timezone: string,
): Period {
  const { unit, one } = units[frequency];
  const start = startOf(instant, unit, timezone);
  return { start, end: startOf(addInZone(start, one, timezone), unit, timezone) };
}

/** The latest period that has fully ended at `now` — what a run at or after its end covers. */
export function lastEndedPeriod(now: number, frequency: ReportFrequency, timezone: string): Period {
  const { unit } = units[frequency];
  const end = startOf(now, unit, timezone);
  // The last instant before the current period lies in the one that has just ended.
  return { start: startOf(end - 1, unit, timezone), end };
}

/** The next instant strictly after `now` at which a run is due (the end of the current period). */
export function nextRunAt(now: number, frequency: ReportFrequency, timezone: string): number {
  return periodContaining(now, frequency, timezone).end;
}

/**
 * The period a schedule tick at `now` should enqueue, or null. The latest ended period is due
 * when no run has covered it yet (`lastRunStart` is the period start of the newest scheduled
 * run) and the report existed before it ended — so a server that was down at midnight sends
 * the missed run when it comes back, and a tick repeated within the period sends nothing.
 */
export function duePeriod(input: {
  now: number;
  frequency: ReportFrequency;
  timezone: string;
  createdAt: number;
  lastRunStart: number | null;
}): Period | null {
  const period = lastEndedPeriod(input.now, input.frequency, input.timezone);
  if (input.createdAt >= period.end) return null;
  if (input.lastRunStart !== null && input.lastRunStart >= period.start) return null;
  return period;
}

/** `YYYY-MM-DD` of the local date an instant falls on (for file names and covers). */
export function localDate(instant: number, timezone: string): string {
  const clock = wallClock(instant, timezone);
  return `${String(clock.year).padStart(4, '0')}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;
}

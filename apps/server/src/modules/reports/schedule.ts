/**
 * When scheduled reports run (spec monitoring 3 and 9, DESIGN 3): daily, weekly (Monday) and
 * monthly (the 1st) at 00:00 in the report's own IANA timezone, each run covering the period
 * that has just ended. Local midnights move with daylight saving time, so a "day" is 23, 24 or
 * 25 hours long; everything here is wall-clock arithmetic with Intl only.
 */
import { dayMs, localDayNumber, localMidnight, wallClock } from '../readings/history-time.js';

/** The once-a-minute job that enqueues due report runs (enqueued by the maintenance clock). */
export const reportScheduleJob = 'reports.schedule';
/** The job that builds and mails one run (modules/reports/run.ts). */
export const reportRunJob = 'reports.run';

/** Spec monitoring 9: 1 daily, 2 weekly, 3 monthly. */
export type ReportFrequency = 1 | 2 | 3;

export type Period = { start: number; end: number };

/** The local day number (days since 1970-01-01) on which the period holding `day` begins. */
function periodStartDay(day: number, frequency: ReportFrequency): number {
  if (frequency === 1) return day;
  if (frequency === 2) return day - ((day + 3) % 7); // 1970-01-01 was a Thursday; 0 = Monday.
  const date = new Date(day * dayMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / dayMs;
}

/** The local day number the period after the one beginning on `startDay` begins. */
function nextStartDay(startDay: number, frequency: ReportFrequency): number {
  if (frequency === 1) return startDay + 1;
  if (frequency === 2) return startDay + 7;
  const date = new Date(startDay * dayMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / dayMs;
}

function previousStartDay(startDay: number, frequency: ReportFrequency): number {
  if (frequency === 1) return startDay - 1;
  if (frequency === 2) return startDay - 7;
  const date = new Date(startDay * dayMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1) / dayMs;
}

/**
 * The local day `instant` falls on. Near a midnight that a zone skips (it springs forward
 * at 00:00) the wall clock may still show the previous day; the day whose first instant is
 * at or before `instant` is the answer.
 */
function dayOf(instant: number, timezone: string): number {
  const day = localDayNumber(instant, timezone);
  return localMidnight(day + 1, timezone) <= instant ? day + 1 : day;
}

/** The period (of `frequency`, in `timezone`) that `instant` lies in: start <= instant < end. */
export function periodContaining(
  instant: number,
  frequency: ReportFrequency,
  timezone: string,
): Period {
  const startDay = periodStartDay(dayOf(instant, timezone), frequency);
  return {
    start: localMidnight(startDay, timezone),
    end: localMidnight(nextStartDay(startDay, frequency), timezone),
  };
}

/** The latest period that has fully ended at `now` — what a run at or after its end covers. */
export function lastEndedPeriod(now: number, frequency: ReportFrequency, timezone: string): Period {
  const startDay = periodStartDay(dayOf(now, timezone), frequency);
  return {
    start: localMidnight(previousStartDay(startDay, frequency), timezone),
    end: localMidnight(startDay, timezone),
  };
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

/**
 * Wall-clock time in IANA time zones: the one place the server asks a time-zone library.
 * The rules (offsets, daylight-saving transitions, skipped and repeated local times, calendar
 * arithmetic) are Temporal's (temporal-polyfill, the API that Node will ship natively).
 *
 * A polyfilled ZonedDateTime costs tens of microseconds, and the alarm engine asks for the
 * wall clock of every reading a light profile checks, so the answers are cached per zone:
 * the stretches between two transitions, each with its one offset (an instant inside a known
 * stretch is plain arithmetic from then on), and the first instants of the local days asked.
 */
import { Temporal } from 'temporal-polyfill';
import { dayMs } from './durations.js';

/** A stretch of time [from, to) in which a zone keeps one UTC offset (ms). */
type Span = { from: number; to: number; offset: number };

type ZoneCache = {
  /** Disjoint, ordered by `from`. */
  spans: Span[];
  last: Span | undefined;
  /** Local day number -> the first instant of that local day. */
  dayStarts: Map<number, number>;
};

/** Bounds that keep a cache small whatever is asked (a zone has about two spans a year). */
const maxSpans = 512;
const maxDayStarts = 8192;
const caches = new Map<string, ZoneCache>();

function cacheOf(timezone: string): ZoneCache {
  let cache = caches.get(timezone);
  if (!cache) {
    cache = { spans: [], last: undefined, dayStarts: new Map() };
    caches.set(timezone, cache);
  }
  return cache;
}

/** `instant` (ms since the epoch, fractions dropped) as Temporal sees it in `timezone`. */
const zoned = (instant: number, timezone: string): Temporal.ZonedDateTime =>
  Temporal.Instant.fromEpochMilliseconds(Math.floor(instant)).toZonedDateTimeISO(timezone);

/** The library's stretch holding `instant`. Transitions fall on whole seconds. */
function spanFromLibrary(instant: number, timezone: string): Span {
  const here = zoned(instant, timezone);
  // "previous" is strictly before its instant: asked 1 ms later, it includes a transition at `instant`.
  const previous = zoned(instant + 1, timezone).getTimeZoneTransition('previous');
  const next = here.getTimeZoneTransition('next');
  return {
    from: previous ? previous.epochMilliseconds : -Infinity,
    to: next ? next.epochMilliseconds : Infinity,
    offset: here.offsetNanoseconds / 1e6,
  };
}

function spanAt(instant: number, timezone: string): Span {
  const cache = cacheOf(timezone);
  const last = cache.last;
  if (last && instant >= last.from && instant < last.to) return last;
  const { spans } = cache;
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((spans[middle]?.to ?? Infinity) <= instant) low = middle + 1;
    else high = middle;
  }
  let span = spans[low];
  if (!span || span.from > instant) {
    span = spanFromLibrary(instant, timezone);
    if (spans.length >= maxSpans) {
      spans.length = 0;
      low = 0;
    }
    spans.splice(low, 0, span);
  }
  cache.last = span;
  return span;
}

const known = new Map<string, boolean>();

/** Whether `timezone` names a time zone the library knows (an IANA name or an offset). */
export function isTimeZone(timezone: string): boolean {
  let valid = known.get(timezone);
  if (valid === undefined) {
    try {
      zoned(0, timezone);
      valid = true;
    } catch {
      valid = false;
    }
    if (known.size >= maxSpans) known.clear();
    known.set(timezone, valid);
  }
  return valid;
}

/** Time zones whose clock is UTC all year (`Etc/UTC`, `GMT`, `Zulu`…): their days are UTC days. */
export function isUtcZone(timezone: string): boolean {
  const epoch = zoned(0, timezone);
  return epoch.equals(epoch.withTimeZone('UTC'));
}

/** How far `timezone` is ahead of UTC at `instant`, in ms (Vaduz in summer: +2 h). */
export function offsetMs(instant: number, timezone: string): number {
  return spanAt(instant, timezone).offset;
}

/** The date and time a clock shows; `weekday` 1 = Monday … 7 = Sunday (ISO 8601). */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
};

/** The date and time a clock in `timezone` shows at `instant` (ms since the epoch). */
export function wallClock(instant: number, timezone: string): WallClock {
  const local = new Date(instant + spanAt(instant, timezone).offset);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: ((local.getUTCDay() + 6) % 7) + 1,
  };
}

/** Days since 1970-01-01 of the local date at `instant`. */
export function localDayNumber(instant: number, timezone: string): number {
  return Math.floor((instant + spanAt(instant, timezone).offset) / dayMs);
}

/**
 * The first instant of local day `dayNumber` (days since 1970-01-01) in `timezone`: its
 * midnight, or where a zone skips midnight (springs forward at 00:00), the first instant
 * that day has.
 */
export function startOfLocalDay(dayNumber: number, timezone: string): number {
  const { dayStarts } = cacheOf(timezone);
  let start = dayStarts.get(dayNumber);
  if (start === undefined) {
    const date = new Date(dayNumber * dayMs);
    start = new Temporal.PlainDate(
      date.getUTCFullYear(),
      date.getUTCMonth() + 1,
      date.getUTCDate(),
    ).toZonedDateTime(timezone).epochMilliseconds;
    if (dayStarts.size >= maxDayStarts) dayStarts.clear();
    dayStarts.set(dayNumber, start);
  }
  return start;
}

/**
 * The local day `instant` belongs to: the last one begun at or before it. Where a clock went
 * back across midnight (Goose Bay until 2011, 00:01 back to 23:01) the repeated hour shows
 * the old date but lies after the new day's first instant, so days never overlap.
 */
function dayHolding(instant: number, timezone: string): number {
  const day = localDayNumber(instant, timezone);
  return startOfLocalDay(day + 1, timezone) <= instant ? day + 1 : day;
}

export type CalendarUnit = 'hour' | 'day' | 'week' | 'month';

/**
 * The first instant of the local hour, day, week (from Monday) or month holding `instant` in
 * `timezone`. An hour that a daylight-saving change cuts begins where Temporal rounds it down
 * to (its first instant on the clock).
 */
export function startOf(instant: number, unit: CalendarUnit, timezone: string): number {
  if (unit === 'hour') {
    return zoned(instant, timezone).round({ smallestUnit: 'hour', roundingMode: 'floor' })
      .epochMilliseconds;
  }
  const day = dayHolding(instant, timezone);
  if (unit === 'day') return startOfLocalDay(day, timezone);
  if (unit === 'week') return startOfLocalDay(day - ((day + 3) % 7), timezone); // 1970-01-01 was a Thursday.
  const date = new Date(day * dayMs);
  return startOfLocalDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / dayMs, timezone);
}

/** A whole number of calendar units (negative to go back). */
export type CalendarAmount = Partial<
  Record<'months' | 'weeks' | 'days' | 'hours' | 'minutes', number>
>;

/**
 * `instant` moved by `amount` on the clock of `timezone`: a day later is the same local time
 * the next day (23, 24 or 25 hours on), a month later the same day and time of the next month
 * (clamped to its last day); hours and minutes are exact durations. A local time that does
 * not exist resolves as Temporal does ('compatible': later across a gap).
 */
export function addInZone(instant: number, amount: CalendarAmount, timezone: string): number {
  return zoned(instant, timezone).add(amount).epochMilliseconds;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD HH:mm:ss` as a clock in `timezone` shows it. */
export function formatLocal(instant: number, timezone: string): string {
  const c = wallClock(instant, timezone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  addInZone,
  formatLocal,
  isTimeZone,
  isUtcZone,
  localDayNumber,
  offsetMs,
  startOf,
  startOfLocalDay,
  wallClock,
} from '../../src/lib/time-zone.js';

/**
 * Expected local times and instants are Python's zoneinfo (IANA tzdata), for example
 *   datetime(2026, 4, 4, 14, 45, tzinfo=UTC).astimezone(ZoneInfo('Australia/Lord_Howe'))
 * 2026 changes: Warsaw +1→+2 at 02:00 on 29 Mar, back at 03:00 on 25 Oct; New York −5→−4 at
 * 02:00 on 8 Mar, back at 02:00 on 1 Nov; Lord Howe +11→+10:30 at 02:00 on 5 Apr (half an
 * hour repeats), +10:30→+11 at 02:00 on 4 Oct (half an hour skipped); Kathmandu +5:45 all
 * year since it moved from +5:30 at 00:00 on 1 Jan 1986 (a skipped midnight); Santiago
 * −4→−3 at 24:00 on Saturday 5 Sep (a skipped midnight).
 */
const at = (text: string) => Date.parse(text);
const iso = (ms: number) => new Date(ms).toISOString();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / day;

describe('the wall clock of an instant', () => {
  it.each([
    ['Europe/Warsaw', '2026-03-29T00:59:59Z', '2026-03-29 01:59:59', 7, 1],
    ['Europe/Warsaw', '2026-03-29T01:00:00Z', '2026-03-29 03:00:00', 7, 2],
    ['Europe/Warsaw', '2026-10-25T00:30:00Z', '2026-10-25 02:30:00', 7, 2],
    ['Europe/Warsaw', '2026-10-25T01:30:00Z', '2026-10-25 02:30:00', 7, 1],
    ['America/New_York', '2026-11-01T05:30:00Z', '2026-11-01 01:30:00', 7, -4],
    ['America/New_York', '2026-11-01T06:30:00Z', '2026-11-01 01:30:00', 7, -5],
    ['Australia/Lord_Howe', '2026-04-04T14:45:00Z', '2026-04-05 01:45:00', 7, 11],
    ['Australia/Lord_Howe', '2026-04-04T15:15:00Z', '2026-04-05 01:45:00', 7, 10.5],
    ['Australia/Lord_Howe', '2026-10-03T15:29:59Z', '2026-10-04 01:59:59', 7, 10.5],
    ['Australia/Lord_Howe', '2026-10-03T15:30:00Z', '2026-10-04 02:30:00', 7, 11],
    ['Asia/Kathmandu', '2026-01-01T00:00:00Z', '2026-01-01 05:45:00', 4, 5.75],
    ['Asia/Kathmandu', '1985-12-31T18:29:59Z', '1985-12-31 23:59:59', 2, 5.5],
    ['Asia/Kathmandu', '1985-12-31T18:30:00Z', '1986-01-01 00:15:00', 3, 5.75],
    ['America/Santiago', '2026-09-06T03:59:59Z', '2026-09-05 23:59:59', 6, -4],
    ['America/Santiago', '2026-09-06T04:00:00Z', '2026-09-06 01:00:00', 7, -3],
  ])('%s at %s shows %s (weekday %d, offset %f h)', (zone, instant, shown, weekday, offset) => {
    expect(formatLocal(at(instant), zone)).toBe(shown);
    expect(wallClock(at(instant), zone).weekday).toBe(weekday);
    expect(offsetMs(at(instant), zone)).toBe(offset * hour);
  });

  it('drops fractions of a millisecond as Date does', () => {
    expect(wallClock(at('2026-03-29T00:59:59.999Z') + 0.5, 'Europe/Warsaw')).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 1,
      minute: 59,
      second: 59,
      weekday: 7,
    });
  });

  it('counts local days: the date a zone shows, as days since 1970-01-01', () => {
    expect(localDayNumber(at('2025-12-31T18:14:59Z'), 'Asia/Kathmandu')).toBe(
      dayNumber('2025-12-31'),
    );
    expect(localDayNumber(at('2025-12-31T18:15:00Z'), 'Asia/Kathmandu')).toBe(
      dayNumber('2026-01-01'),
    );
    expect(localDayNumber(at('2026-10-25T22:59:59Z'), 'Europe/Warsaw')).toBe(
      dayNumber('2026-10-25'),
    );
  });
});

describe('the first instant of a local day', () => {
  it.each([
    // Warsaw: 23 and 25 hour days
    ['Europe/Warsaw', '2026-03-29', '2026-03-28T23:00:00Z', 23],
    ['Europe/Warsaw', '2026-10-25', '2026-10-24T22:00:00Z', 25],
    ['America/New_York', '2026-03-08', '2026-03-08T05:00:00Z', 23],
    ['America/New_York', '2026-11-01', '2026-11-01T04:00:00Z', 25],
    // Lord Howe: half an hour more, then half an hour less
    ['Australia/Lord_Howe', '2026-04-05', '2026-04-04T13:00:00Z', 24.5],
    ['Australia/Lord_Howe', '2026-10-04', '2026-10-03T13:30:00Z', 23.5],
    ['Asia/Kathmandu', '2026-01-01', '2025-12-31T18:15:00Z', 24],
    // midnights that do not exist: the day begins at 00:15 and 01:00
    ['Asia/Kathmandu', '1986-01-01', '1985-12-31T18:30:00Z', 23.75],
    ['America/Santiago', '2026-09-06', '2026-09-06T04:00:00Z', 23],
  ])('%s %s begins at %s and lasts %d h', (zone, date, start, hours) => {
    const first = startOfLocalDay(dayNumber(date), zone);
    expect(iso(first)).toBe(iso(at(start)));
    expect((startOfLocalDay(dayNumber(date) + 1, zone) - first) / hour).toBe(hours);
    expect(iso(startOf(first + 12 * hour, 'day', zone))).toBe(iso(first));
    expect(iso(startOf(first, 'day', zone))).toBe(iso(first));
    expect(iso(startOf(first - 1, 'day', zone))).toBe(
      iso(startOfLocalDay(dayNumber(date) - 1, zone)),
    );
  });
});

describe('the start of the local hour, day, week and month holding an instant', () => {
  it.each([
    ['Asia/Kathmandu', 'hour', '2026-01-01T00:00:00Z', '2025-12-31T23:15:00Z'],
    ['Australia/Lord_Howe', 'hour', '2026-04-04T14:45:00Z', '2026-04-04T14:00:00Z'],
    // 01:45 the second time: the hour began at 01:00, once, before the clock went back
    ['Australia/Lord_Howe', 'hour', '2026-04-04T15:15:00Z', '2026-04-04T14:00:00Z'],
    // 02:45 after the skip: 02:00 does not exist, the hour begins at the change (02:30)
    ['Australia/Lord_Howe', 'hour', '2026-10-03T15:45:00Z', '2026-10-03T15:30:00Z'],
    ['Europe/Warsaw', 'hour', '2026-10-25T01:30:00Z', '2026-10-25T01:00:00Z'],
    ['Europe/Warsaw', 'week', '2026-03-29T21:59:59Z', '2026-03-22T23:00:00Z'],
    ['Europe/Warsaw', 'week', '2026-03-29T22:00:00Z', '2026-03-29T22:00:00Z'],
    ['Europe/Warsaw', 'month', '2026-03-31T21:59:59Z', '2026-02-28T23:00:00Z'],
    ['Europe/Warsaw', 'month', '2026-03-31T22:00:00Z', '2026-03-31T22:00:00Z'],
    ['America/New_York', 'month', '2026-11-30T12:00:00Z', '2026-11-01T04:00:00Z'],
    ['America/New_York', 'month', '2026-12-01T04:59:59Z', '2026-11-01T04:00:00Z'],
    ['Australia/Lord_Howe', 'month', '2026-10-31T13:00:00Z', '2026-10-31T13:00:00Z'],
    ['Asia/Kathmandu', 'month', '1986-01-20T00:00:00Z', '1985-12-31T18:30:00Z'],
    // Goose Bay went back from 00:01 to 23:01: the repeated hour shows 27 October, yet
    // 28 October began at 03:00Z and the days do not overlap.
    ['America/Goose_Bay', 'day', '1990-10-28T03:01:00Z', '1990-10-28T03:00:00Z'],
    ['America/Goose_Bay', 'day', '1990-10-28T02:59:59Z', '1990-10-27T03:00:00Z'],
  ] as const)('%s: the %s holding %s begins at %s', (zone, unit, instant, start) => {
    expect(iso(startOf(at(instant), unit, zone))).toBe(iso(at(start)));
  });
});

describe('adding on the clock of a zone', () => {
  it('a day is the same local time the next day: 23, 24 or 25 hours on', () => {
    const noon = at('2026-03-28T11:00:00Z'); // 12:00 in Warsaw
    expect(addInZone(noon, { days: 1 }, 'Europe/Warsaw') - noon).toBe(23 * hour);
    expect(addInZone(noon, { days: 2 }, 'Europe/Warsaw') - noon).toBe(47 * hour);
    expect(addInZone(noon, { hours: 24 }, 'Europe/Warsaw') - noon).toBe(24 * hour);
    const fall = at('2026-10-31T16:00:00Z'); // 12:00 in New York
    expect(addInZone(fall, { days: 1 }, 'America/New_York') - fall).toBe(25 * hour);
    expect(addInZone(fall, { weeks: -1 }, 'America/New_York') - fall).toBe(-7 * day);
    const lordHowe = at('2026-04-04T01:00:00Z'); // 12:00
    expect(addInZone(lordHowe, { days: 1 }, 'Australia/Lord_Howe') - lordHowe).toBe(24.5 * hour);
  });

  it('a month is the same day and time of the next month, clamped to its last day', () => {
    expect(iso(addInZone(at('2026-01-31T11:00:00Z'), { months: 1 }, 'Europe/Warsaw'))).toBe(
      '2026-02-28T11:00:00.000Z',
    );
    expect(iso(addInZone(at('2026-02-28T23:00:00Z'), { months: 1 }, 'Europe/Warsaw'))).toBe(
      '2026-03-31T22:00:00.000Z',
    );
  });

  it('a local time that does not exist resolves later, past the gap', () => {
    // 02:30 on 29 March does not exist in Warsaw: 03:30 summer time.
    expect(iso(addInZone(at('2026-03-28T01:30:00Z'), { days: 1 }, 'Europe/Warsaw'))).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });
});

describe('zones', () => {
  it('knows the zones whose clock is UTC all year', () => {
    for (const zone of ['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT', 'Zulu', 'Universal']) {
      expect(isUtcZone(zone)).toBe(true);
    }
    for (const zone of [
      'Europe/London',
      'Africa/Abidjan',
      'Atlantic/Reykjavik',
      'Asia/Kathmandu',
    ]) {
      expect(isUtcZone(zone)).toBe(false);
    }
  });

  it('refuses a zone it does not know', () => {
    expect(isTimeZone('Europe/Warsaw')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(() => wallClock(0, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => startOfLocalDay(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});

const zones = [
  'Europe/Warsaw',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/Santiago',
  'Africa/Cairo',
  'Europe/Dublin',
  'Etc/UTC',
];

describe('the cached answers', () => {
  it('are the library’s own, in any order of instants and zones', () => {
    const instant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) });
    const asked = fc.array(fc.tuple(instant, fc.constantFrom(...zones)), { maxLength: 200 });
    fc.assert(
      fc.property(asked, (pairs) => {
        for (const [ms, zone] of pairs) {
          const zoned = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
          const { year, month, day: date, hour: h, minute: m, second, dayOfWeek } = zoned;
          expect(wallClock(ms, zone)).toEqual({
            year,
            month,
            day: date,
            hour: h,
            minute: m,
            second,
            weekday: dayOfWeek,
          });
          expect(offsetMs(ms, zone)).toBe(zoned.offsetNanoseconds / 1e6);
          expect(startOfLocalDay(localDayNumber(ms, zone), zone)).toBe(
            zoned.startOfDay().epochMilliseconds,
          );
        }
      }),
      { numRuns: 20 },
    );
  });

  it('hold across every transition of a zone, on both sides', () => {
    for (const zone of zones) {
      let transition = Temporal.Instant.fromEpochMilliseconds(Date.UTC(2020, 0, 1))
        .toZonedDateTimeISO(zone)
        .getTimeZoneTransition('next');
      while (transition && transition.epochMilliseconds < Date.UTC(2030, 0, 1)) {
        const ms = transition.epochMilliseconds;
        const before = transition.subtract({ nanoseconds: 1_000_000 });
        expect(offsetMs(ms, zone)).toBe(transition.offsetNanoseconds / 1e6);
        expect(offsetMs(ms - 1, zone)).toBe(before.offsetNanoseconds / 1e6);
        transition = transition.getTimeZoneTransition('next');
      }
    }
  });
});

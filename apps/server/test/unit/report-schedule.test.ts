import { describe, expect, it } from 'vitest';
import {
  duePeriod,
  lastEndedPeriod,
  localDate,
  nextRunAt,
  periodContaining,
  type ReportFrequency,
} from '../../src/modules/reports/schedule.js';

const at = (text: string) => Date.parse(text);
const hour = 3_600_000;

/**
 * Expected instants are the local midnights as Python's zoneinfo (IANA tzdata) converts them:
 *   datetime(2026, 3, 29, tzinfo=ZoneInfo('Europe/Vaduz')).astimezone(UTC)
 * 2026 changes: Vaduz +1→+2 on 29 Mar, back on 25 Oct; New York −5→−4 on 8 Mar, back on
 * 1 Nov; Sydney +11→+10 on 5 Apr, +10→+11 on 4 Oct.
 */
describe('the period a run covers', () => {
  it.each([
    // daily, on and around the DST-change days: 23 and 25 hour days
    {
      tz: 'Europe/Vaduz',
      f: 1,
      now: '2026-03-29T22:00:00Z',
      start: '2026-03-28T23:00:00Z',
      end: '2026-03-29T22:00:00Z',
      hours: 23,
    },
    {
      tz: 'Europe/Vaduz',
      f: 1,
      now: '2026-03-29T21:59:59.999Z',
      start: '2026-03-27T23:00:00Z',
      end: '2026-03-28T23:00:00Z',
      hours: 24,
    },
    {
      tz: 'Europe/Vaduz',
      f: 1,
      now: '2026-10-25T23:00:00Z',
      start: '2026-10-24T22:00:00Z',
      end: '2026-10-25T23:00:00Z',
      hours: 25,
    },
    {
      tz: 'America/New_York',
      f: 1,
      now: '2026-03-09T04:00:00Z',
      start: '2026-03-08T05:00:00Z',
      end: '2026-03-09T04:00:00Z',
      hours: 23,
    },
    {
      tz: 'America/New_York',
      f: 1,
      now: '2026-03-09T03:59:59.999Z',
      start: '2026-03-07T05:00:00Z',
      end: '2026-03-08T05:00:00Z',
      hours: 24,
    },
    {
      tz: 'America/New_York',
      f: 1,
      now: '2026-11-02T05:00:00Z',
      start: '2026-11-01T04:00:00Z',
      end: '2026-11-02T05:00:00Z',
      hours: 25,
    },
    {
      tz: 'Australia/Sydney',
      f: 1,
      now: '2026-04-05T14:00:00Z',
      start: '2026-04-04T13:00:00Z',
      end: '2026-04-05T14:00:00Z',
      hours: 25,
    },
    {
      tz: 'Australia/Sydney',
      f: 1,
      now: '2026-10-04T13:00:00Z',
      start: '2026-10-03T14:00:00Z',
      end: '2026-10-04T13:00:00Z',
      hours: 23,
    },
    // weekly, Monday to Monday, weeks holding a change
    {
      tz: 'Europe/Vaduz',
      f: 2,
      now: '2026-03-29T22:00:00Z',
      start: '2026-03-22T23:00:00Z',
      end: '2026-03-29T22:00:00Z',
      hours: 167,
    },
    {
      tz: 'Europe/Vaduz',
      f: 2,
      now: '2026-04-01T10:00:00Z',
      start: '2026-03-22T23:00:00Z',
      end: '2026-03-29T22:00:00Z',
      hours: 167,
    },
    {
      tz: 'America/New_York',
      f: 2,
      now: '2026-03-09T04:00:00Z',
      start: '2026-03-02T05:00:00Z',
      end: '2026-03-09T04:00:00Z',
      hours: 167,
    },
    {
      tz: 'Australia/Sydney',
      f: 2,
      now: '2026-10-04T13:00:00Z',
      start: '2026-09-27T14:00:00Z',
      end: '2026-10-04T13:00:00Z',
      hours: 167,
    },
    // monthly, the 1st to the 1st
    {
      tz: 'Europe/Vaduz',
      f: 3,
      now: '2026-03-31T22:00:00Z',
      start: '2026-02-28T23:00:00Z',
      end: '2026-03-31T22:00:00Z',
      hours: 31 * 24 - 1,
    },
    {
      tz: 'America/New_York',
      f: 3,
      now: '2026-12-01T05:00:00Z',
      start: '2026-11-01T04:00:00Z',
      end: '2026-12-01T05:00:00Z',
      hours: 30 * 24 + 1,
    },
    {
      tz: 'Australia/Sydney',
      f: 3,
      now: '2026-10-31T13:00:00Z',
      start: '2026-09-30T14:00:00Z',
      end: '2026-10-31T13:00:00Z',
      hours: 31 * 24 - 1,
    },
    {
      tz: 'Australia/Sydney',
      f: 3,
      now: '2026-10-31T12:59:59.999Z',
      start: '2026-08-31T14:00:00Z',
      end: '2026-09-30T14:00:00Z',
      hours: 30 * 24,
    },
    // the year boundary
    {
      tz: 'Europe/Vaduz',
      f: 3,
      now: '2026-12-31T23:00:00Z',
      start: '2026-11-30T23:00:00Z',
      end: '2026-12-31T23:00:00Z',
      hours: 31 * 24,
    },
    {
      tz: 'Etc/UTC',
      f: 2,
      now: '2027-01-04T00:00:00Z',
      start: '2026-12-28T00:00:00Z',
      end: '2027-01-04T00:00:00Z',
      hours: 168,
    },
  ])('$tz frequency $f at $now: $start to $end', ({ tz, f, now, start, end, hours }) => {
    const period = lastEndedPeriod(at(now), f as ReportFrequency, tz);
    expect({
      start: new Date(period.start).toISOString(),
      end: new Date(period.end).toISOString(),
    }).toEqual({
      start: new Date(at(start)).toISOString(),
      end: new Date(at(end)).toISOString(),
    });
    expect((period.end - period.start) / hour).toBe(hours);
  });

  it('holds the instant it contains, start inclusive and end exclusive', () => {
    const start = at('2026-03-29T22:00:00Z'); // Monday 30 Mar 00:00 in Vaduz
    expect(periodContaining(start, 2, 'Europe/Vaduz').start).toBe(start);
    expect(periodContaining(start - 1, 2, 'Europe/Vaduz').end).toBe(start);
  });
});

describe('the next run', () => {
  it.each([
    { tz: 'Europe/Vaduz', f: 1, now: '2026-03-29T12:00:00Z', next: '2026-03-29T22:00:00Z' },
    { tz: 'Europe/Vaduz', f: 1, now: '2026-03-29T22:00:00Z', next: '2026-03-30T22:00:00Z' },
    { tz: 'America/New_York', f: 2, now: '2026-11-01T12:00:00Z', next: '2026-11-02T05:00:00Z' },
    { tz: 'Australia/Sydney', f: 3, now: '2026-04-05T14:00:00Z', next: '2026-04-30T14:00:00Z' },
  ])('$tz frequency $f after $now is $next', ({ tz, f, now, next }) => {
    expect(new Date(nextRunAt(at(now), f as ReportFrequency, tz)).toISOString()).toBe(
      new Date(at(next)).toISOString(),
    );
  });
});

describe('whether a tick enqueues a run', () => {
  const tz = 'America/New_York';
  const created = at('2026-01-01T00:00:00Z');
  const monday = at('2026-03-09T04:00:00Z'); // 00:00 on Monday 9 March in New York
  it('at the run time, the period just ended', () => {
    expect(
      duePeriod({
        now: monday,
        frequency: 1,
        timezone: tz,
        createdAt: created,
        lastRunStart: null,
      }),
    ).toEqual({
      start: at('2026-03-08T05:00:00Z'),
      end: monday,
    });
  });
  it('not a second time in the same period', () => {
    const lastRunStart = at('2026-03-08T05:00:00Z');
    expect(
      duePeriod({
        now: monday + 60_000,
        frequency: 1,
        timezone: tz,
        createdAt: created,
        lastRunStart,
      }),
    ).toBeNull();
  });
  it('not before the run time', () => {
    const lastRunStart = at('2026-03-07T05:00:00Z');
    expect(
      duePeriod({ now: monday - 1, frequency: 1, timezone: tz, createdAt: created, lastRunStart }),
    ).toBeNull();
  });
  it('not for a period that ended before the report was created', () => {
    expect(
      duePeriod({
        now: monday + hour,
        frequency: 1,
        timezone: tz,
        createdAt: monday + 1,
        lastRunStart: null,
      }),
    ).toBeNull();
  });
  it('the latest missed period after a server was down', () => {
    const lastRunStart = at('2026-03-05T05:00:00Z');
    const back = at('2026-03-10T15:00:00Z');
    expect(
      duePeriod({ now: back, frequency: 1, timezone: tz, createdAt: created, lastRunStart }),
    ).toEqual({
      start: monday,
      end: at('2026-03-10T04:00:00Z'),
    });
    expect(
      duePeriod({
        now: back,
        frequency: 2,
        timezone: tz,
        createdAt: created,
        lastRunStart: at('2026-02-23T05:00:00Z'),
      }),
    ).toEqual({
      start: at('2026-03-02T05:00:00Z'),
      end: monday,
    });
  });
});

describe('the local date of an instant', () => {
  it('is the date the report timezone shows', () => {
    expect(localDate(at('2026-10-31T13:00:00Z'), 'Australia/Sydney')).toBe('2026-11-01');
    expect(localDate(at('2026-10-31T13:00:00Z'), 'America/New_York')).toBe('2026-10-31');
  });
});

import { describe, expect, it } from 'vitest';
import { validateCustomDates } from './custom-dates';
import {
  canExport,
  isNoGraph,
  rangeKeyFor,
  rangeKeys,
  timeValueOf,
  windowOf,
  type RangeChoice,
} from './ranges';

const now = new Date('2026-11-24T12:00:00.000Z');
const hour = 3_600_000;
const day = 24 * hour;
const custom = (days: number): RangeChoice => ({
  key: 'custom',
  custom: { from: new Date(now.getTime() - days * day).toISOString(), to: now.toISOString() },
});

describe('ranges', () => {
  it.each([
    ['live', 0, 0.25 * hour],
    ['1h', 1, hour],
    ['3h', 2, 3 * hour],
    ['6h', 3, 6 * hour],
    ['12h', 3, 12 * hour],
    ['24h', 4, day],
    ['7d', 5, 7 * day],
    ['1y', 5, 365 * day],
  ] as const)('%s is time value %i over the last %i ms', (key, timeValue, span) => {
    expect(timeValueOf(key)).toBe(timeValue);
    const window = windowOf({ key }, now);
    expect(window.to).toEqual(now);
    expect(now.getTime() - window.from.getTime()).toBe(span);
  });

  it('custom is time value 6 over its own dates; a time value from outside picks its first choice', () => {
    expect(timeValueOf('custom')).toBe(6);
    expect(windowOf(custom(2), now).from).toEqual(new Date(now.getTime() - 2 * day));
    expect(rangeKeys.map((key) => rangeKeyFor(timeValueOf(key)))).toEqual([
      'live',
      '1h',
      '3h',
      '6h',
      '6h',
      '24h',
      '7d',
      '7d',
      'custom',
    ]);
    expect(rangeKeyFor(42)).toBe('1h');
  });

  it.each([
    [{ key: 'live' }, true],
    [{ key: '1h' }, true],
    [{ key: '24h' }, true],
    [{ key: '7d' }, false],
    [{ key: '1y' }, false],
    [custom(5.9), true],
    [custom(6), false],
    [custom(30), false],
  ] as [RangeChoice, boolean][])('export menu of %o: CSV and PDF %s', (choice, full) => {
    expect(canExport(choice)).toBe(full);
  });

  it('flags custom ranges over 90 days as no-graph', () => {
    expect(isNoGraph(custom(90))).toBe(false);
    expect(isNoGraph(custom(91))).toBe(true);
    expect(isNoGraph({ key: '1y' })).toBe(false);
  });
});

describe('custom dates', () => {
  const local = (iso: string) => iso; // datetime-local values are read on the browser's clock
  const past = local('2026-11-20T10:00');
  const later = local('2026-11-21T10:15');
  const localNow = new Date('2026-11-24T12:00');

  it.each([
    ['', '', { start: 'selectDate', end: 'selectDate' }],
    [past, '', { end: 'selectDate' }],
    ['', later, { start: 'selectDate' }],
    [later, past, { end: 'endBeforeStart' }],
    ['2026-11-30T10:00', '2026-12-01T10:00', { start: 'noData' }],
    [past, later, {}],
    [past, past, {}],
  ])('start %s, end %s -> %o', (start, end, errors) => {
    expect(validateCustomDates(start, end, localNow)).toEqual(errors);
  });
});

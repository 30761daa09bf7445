import { describe, expect, it } from 'vitest';
import {
  dataGaps,
  doorSummary,
  holdLimit,
  meanKineticTemperature,
  medianCadence,
  summarize,
  timeOutOfRange,
  type Sample,
} from '../../src/modules/reports/document/statistics.js';

/**
 * Expected MKT values are computed independently of the code under test, from the formula of
 * Haynes (J. Pharm. Sci. 60, 1971) as USP <1079>/<1160> state it,
 *   MKT = (ΔH/R) / −ln( (1/n) Σ exp(−ΔH/(R·Tᵢ)) ),  ΔH = 83.144 kJ/mol, R = 8.3144 J/mol/K,
 * with Python's decimal module at 40 digits (T in K = °C + 273.15):
 *   from decimal import Decimal as D, getcontext; getcontext().prec = 40
 *   r = D(83144) / D('8.3144')   # = 10000 K
 *   mkt = r / -(sum((-r / (D(t) + D('273.15'))).exp() for t in ts) / len(ts)).ln() - D('273.15')
 */
describe('mean kinetic temperature', () => {
  it.each([
    { temps: [25], mkt: 25 },
    { temps: [20, 30], mkt: 26.2598869160034 },
    { temps: [22, 24, 26, 28, 30, 32, 34, 28], mkt: 28.7131736884057 },
    { temps: [2, 8], mkt: 5.5364245088663 },
    { temps: [5, 5, 5, 30], mkt: 18.9963420585046 },
    { temps: [25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 40], mkt: 27.5713773758971 },
    // LN2 freezer temperatures: exp(−130) must not underflow the sum.
    { temps: [-196, -190], mkt: -190.4764310710093 },
  ])('of $temps is $mkt °C', ({ temps, mkt }) => {
    expect(meanKineticTemperature(temps)).toBeCloseTo(mkt, 9);
  });

  it('lies between the mean and the maximum, pulled towards the warm side', () => {
    const temps = [18, 19, 21, 27, 24, 20];
    const value = meanKineticTemperature(temps) ?? Number.NaN;
    expect(value).toBeGreaterThan(summarize(temps)?.mean ?? Infinity);
    expect(value).toBeLessThan(27);
  });

  it('uses the activation energy given', () => {
    // ΔH = 0.83144 kJ/mol (same decimal script): a small ΔH brings the MKT near the mean.
    expect(meanKineticTemperature([20, 30], 831.44)).toBeCloseTo(24.93021196116372, 9);
    expect(meanKineticTemperature([])).toBeNull();
  });
});

describe('min, max and mean', () => {
  it.each([
    { values: [], summary: null },
    { values: [4], summary: { count: 1, min: 4, max: 4, mean: 4 } },
    { values: [3, -1, 7.5, 2.5], summary: { count: 4, min: -1, max: 7.5, mean: 3 } },
  ])('of $values', ({ values, summary }) => {
    expect(summarize(values)).toEqual(summary);
  });
});

const minute = 60_000;
const period = { start: 0, end: 60 * minute };
const series = (values: (number | null)[], step = 10 * minute): Sample[] =>
  values.flatMap((value, index) => (value === null ? [] : [{ at: index * step, value }]));

describe('time out of range', () => {
  const limit = holdLimit(10 * minute); // 30 min
  it.each([
    { name: 'all in range', values: [5, 5, 5, 5, 5, 5], t: { min: 2, max: 8 }, out: 0 },
    { name: 'one high sample', values: [5, 9, 5, 5, 5, 5], t: { min: 2, max: 8 }, out: 10 },
    {
      name: 'low at the end holds to the end',
      values: [5, 5, 5, 5, 5, 1],
      t: { min: 2, max: 8 },
      out: 10,
    },
    { name: 'only a max', values: [9, 9, 5, 5, 5, 5], t: { min: null, max: 8 }, out: 20 },
    { name: 'only a min', values: [9, 9, 5, 5, 1, 1], t: { min: 2, max: null }, out: 20 },
    {
      name: 'no thresholds',
      values: [99, 99, 99, 99, 99, 99],
      t: { min: null, max: null },
      out: 0,
    },
    {
      name: 'the threshold itself is in range',
      values: [8, 2, 8, 2, 8, 2],
      t: { min: 2, max: 8 },
      out: 0,
    },
    // A high sample then silence: it holds 30 minutes (the gap limit), not to the next sample.
    {
      name: 'a gap does not count',
      values: [9, null, null, null, null, null],
      t: { min: 2, max: 8 },
      out: 30,
    },
  ])('$name: $out min', ({ values, t, out }) => {
    expect(timeOutOfRange(series(values), t, period, limit)).toBe(out * minute);
  });

  it('ignores samples outside the period', () => {
    const samples = [
      { at: -5 * minute, value: 20 },
      { at: 0, value: 5 },
      { at: 70 * minute, value: 20 },
    ];
    expect(timeOutOfRange(samples, { min: 2, max: 8 }, period, holdLimit(10 * minute))).toBe(0);
  });
});

describe('data gaps', () => {
  const limit = holdLimit(10 * minute);
  it.each([
    { name: 'regular samples', values: [1, 1, 1, 1, 1, 1], gaps: [] },
    { name: 'exactly three intervals is not a gap', values: [1, null, null, 1, 1, 1], gaps: [] },
    { name: 'four intervals is', values: [1, null, null, null, 1, 1], gaps: [[0, 40]] },
    { name: 'late first sample', values: [null, null, null, null, 1, 1], gaps: [[0, 40]] },
    { name: 'silent end', values: [1, 1, null, null, null, null], gaps: [[10, 60]] },
    { name: 'no samples at all', values: [], gaps: [[0, 60]] },
  ])('$name', ({ values, gaps }) => {
    expect(dataGaps(series(values), period, limit)).toEqual(
      gaps.map(([start = 0, end = 0]) => ({ start: start * minute, end: end * minute })),
    );
  });
});

describe('the cadence of a series', () => {
  it('is the median interval', () => {
    expect(medianCadence(series([1, 1, null, 1, 1, 1]))).toBe(10 * minute);
    expect(medianCadence(series([1]))).toBeNull();
  });
});

describe('door openings', () => {
  it.each([
    { name: 'none', openings: [], summary: { count: 0, totalOpenMs: 0, longestOpenMs: 0 } },
    {
      name: 'two closed ones',
      openings: [
        [5, 7],
        [20, 30],
      ],
      summary: { count: 2, totalOpenMs: 12 * minute, longestOpenMs: 10 * minute },
    },
    {
      name: 'one still open at the end counts to the end',
      openings: [[50, null]],
      summary: { count: 1, totalOpenMs: 10 * minute, longestOpenMs: 10 * minute },
    },
    {
      name: 'one closing after the end counts to the end',
      openings: [[55, 80]],
      summary: { count: 1, totalOpenMs: 5 * minute, longestOpenMs: 5 * minute },
    },
    {
      name: 'one opened before the period belongs to the previous report',
      openings: [[-5, 3]],
      summary: { count: 0, totalOpenMs: 0, longestOpenMs: 0 },
    },
  ])('$name', ({ openings, summary }) => {
    expect(
      doorSummary(
        openings.map(([open = 0, close]) => ({
          openedAt: (open ?? 0) * minute,
          closedAt: close === null || close === undefined ? null : close * minute,
        })),
        period,
      ),
    ).toEqual(summary);
  });
});

import { describe, expect, it } from 'vitest';
import { fromLogPosition, logSteps, toLogPosition } from './log-scale';

const lux = [1, 65536] as const;

describe('the logarithmic lux scale', () => {
  it('spans the range end to end', () => {
    expect(toLogPosition(1, lux)).toBe(0);
    expect(toLogPosition(65536, lux)).toBe(logSteps);
    expect(fromLogPosition(0, lux)).toBe(1);
    expect(fromLogPosition(logSteps, lux)).toBe(65536);
  });

  it('puts 300 and 1000 lux far apart (a linear slider puts them 1 % apart)', () => {
    const apart = toLogPosition(1000, lux) - toLogPosition(300, lux);
    expect(apart / logSteps).toBeGreaterThan(0.1);
  });

  it('comes back to the value it was given, to 0.1 lux and within a step', () => {
    for (const value of [1, 12.5, 300, 1000, 40_000]) {
      const back = fromLogPosition(toLogPosition(value, lux), lux);
      expect(Math.abs(back - value) / value).toBeLessThan(0.012);
      expect(Math.round(back * 10) / 10).toBeCloseTo(back, 10);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { cadenceInterval } from '../../src/modules/readings/cadence.js';

const cadence = { minMs: 500, maxMs: 2_000, share: 0.25 };

describe('cadenceInterval', () => {
  it('keeps the shortest interval while rounds are quick', () => {
    expect(cadenceInterval(cadence, 0)).toBe(500);
    expect(cadenceInterval(cadence, 40)).toBe(500);
    expect(cadenceInterval(cadence, 125)).toBe(500);
  });

  it('spaces longer rounds so that they take their share of the time, up to the longest', () => {
    expect(cadenceInterval(cadence, 200)).toBe(800);
    expect(cadenceInterval(cadence, 450)).toBe(1_800);
    expect(cadenceInterval(cadence, 600)).toBe(2_000);
    expect(cadenceInterval(cadence, 60_000)).toBe(2_000);
  });

  it('never goes below the shortest when the longest is set lower', () => {
    expect(cadenceInterval({ ...cadence, minMs: 3_600_000 }, 10)).toBe(3_600_000);
    expect(cadenceInterval({ ...cadence, minMs: 3_600_000 }, 10_000_000)).toBe(3_600_000);
  });
});

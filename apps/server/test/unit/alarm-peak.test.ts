import { describe, expect, it } from 'vitest';
import {
  beyondPeak,
  conditionKey,
  evaluateReadings,
  initialState,
  type ConditionState,
} from '../../src/modules/alarms/engine/evaluate.js';
import { fridge, values } from '../helpers/alarm-definitions.js';

/** The fridge alarm (2-8 °C) over readings [seconds, t], from `state`. */
function run(samples: [number, number][], state: ConditionState = initialState) {
  return evaluateReadings(
    [fridge],
    new Map([[conditionKey(fridge.id, 'temperature'), state]]),
    samples.map(([seconds, t]) => ({ tsMs: seconds * 1000, values: values({ t }) })),
  );
}

describe('an excursion’s peak', () => {
  it.each<[string, number, number | null, number | null, number | null, boolean]>([
    ['above: higher is worse', 12, 11, 2, 8, true],
    ['above: lower is not', 10, 11, 2, 8, false],
    ['below: lower is worse', -3, -1, 2, 8, true],
    ['below: 9 °C above is farther than 1 °C below', 9, 1, 2, 8, false],
    ['equal is not worse', 11, 11, 2, 8, false],
    ['no peak yet: any value', 5, null, 2, 8, true],
    ['no bounds (water, door): never worse', 1, 1, null, null, false],
  ])('%s', (_, value, peak, min, max, expected) => {
    expect(beyondPeak(value, peak, min, max)).toBe(expected);
  });

  it('keeps the worst value of an excursion, above or below the range, and clears with it', () => {
    const outcome = run([
      [0, 9],
      [10, 11],
      [20, 10],
      [30, 12.5],
    ]);
    expect(outcome.transitions).toHaveLength(1);
    expect(outcome.peaks).toEqual([expect.objectContaining({ type: 'temperature', peak: 12.5 })]);
    expect(outcome.states.get(conditionKey(fridge.id, 'temperature'))?.change).toBe('transition');
    const cold = run([
      [0, 1],
      [10, -1],
      [20, 0.5],
      [30, 5],
    ]);
    expect(cold.peaks).toEqual([]);
    expect(cold.transitions[1]).toMatchObject({ kind: 'clear', peak: -1, value: 5 });
  });

  it('an open excursion that gets no worse writes only its watermark', () => {
    const state = { ...initialState, lastTsMs: 0, open: { notified: true, peak: 12 } };
    const outcome = run([[10, 11]], state);
    expect(outcome.peaks).toEqual([]);
    expect(outcome.states.get(conditionKey(fridge.id, 'temperature'))?.change).toBe('watermark');
  });
});

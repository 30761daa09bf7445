import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conditionKey,
  evaluateReadings,
  initialState,
} from '../../src/modules/alarms/engine/evaluate.js';
import { alarm, values } from '../helpers/alarm-definitions.js';

describe('evaluateReadings: the resting shortcut', () => {
  // Thresholds, values and times from small sets, so that readings land on, inside and outside
  // the bounds, share timestamps and come before or after the stored watermark.
  const bound = fc.option(fc.constantFrom(2, 4, 8), { nil: null });
  const definition = fc
    .record({
      tempEnabled: fc.boolean(),
      minTemp: bound,
      maxTemp: bound,
      humidityEnabled: fc.boolean(),
      minHumidity: bound,
      maxHumidity: bound,
      delay: fc.constantFrom(0, 60),
    })
    .map((fields) => fields);
  const condition = fc.oneof(
    fc.constant(initialState),
    fc.record({
      lastTsMs: fc.option(
        fc.integer({ min: 0, max: 20 }).map((s) => s * 1000),
        { nil: null },
      ),
      pendingSinceMs: fc.option(
        fc.integer({ min: 0, max: 20 }).map((s) => s * 1000),
        {
          nil: null,
        },
      ),
      lastNotifiedRaiseMs: fc.constant(null),
      open: fc.option(
        fc.record({
          notified: fc.boolean(),
          peak: fc.option(fc.constantFrom(0, 10), { nil: null }),
        }),
        { nil: null },
      ),
    }),
  );
  const reading = fc.record({
    seconds: fc.integer({ min: 0, max: 30 }),
    t: fc.option(fc.constantFrom(1, 2, 3, 4, 8, 9, -255), { nil: undefined }),
    h: fc.option(fc.constantFrom(1, 2, 5, 8, 9), { nil: undefined }),
  });

  it('concludes what the reading by reading loop does, whatever the states and readings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(definition, condition, condition), { minLength: 1, maxLength: 5 }),
        fc.array(reading, { maxLength: 25 }),
        (defined, sampled) => {
          const alarms = defined.map(([fields], i) => alarm({ ...fields, id: `a${String(i)}` }));
          const states = new Map(
            defined.flatMap(([, temperature, humidity], i) => [
              [conditionKey(`a${String(i)}`, 'temperature'), temperature] as const,
              [conditionKey(`a${String(i)}`, 'humidity'), humidity] as const,
            ]),
          );
          const readings = sampled.map(({ seconds, t, h }) => ({
            tsMs: seconds * 1000,
            values: values({
              ...(t === undefined ? {} : { t }),
              ...(h === undefined ? {} : { h }),
            }),
          }));
          expect(evaluateReadings(alarms, states, readings)).toEqual(
            evaluateReadings(alarms, states, readings, false),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});

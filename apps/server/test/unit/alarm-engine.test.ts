import { describe, expect, it } from 'vitest';
import type { AlarmDefinition } from '../../src/modules/alarms/engine/checks.js';
import {
  conditionKey,
  dueStep,
  evaluateReadings,
  followUps,
  initialState,
  offlineDue,
  type ConditionState,
  type OpenEvent,
} from '../../src/modules/alarms/engine/evaluate.js';
import { alarm, fridge, minute, values } from '../helpers/alarm-definitions.js';

type Sample = [seconds: number, t: number];
type Expected = [kind: 'raise' | 'clear', seconds: number, notify: boolean][];

function run(definition: AlarmDefinition, samples: Sample[], state: ConditionState = initialState) {
  const states = new Map([[conditionKey(definition.id, 'temperature'), state]]);
  const outcome = evaluateReadings(
    [definition],
    states,
    samples.map(([seconds, t]) => ({ tsMs: seconds * 1000, values: values({ t }) })),
  );
  return {
    transitions: outcome.transitions.map(
      (transition) =>
        [transition.kind, transition.readingTsMs / 1000, transition.notify] as Expected[number],
    ),
    outcome,
    state: outcome.states.get(conditionKey(definition.id, 'temperature'))?.state ?? state,
  };
}

describe('evaluateReadings: raise, stay, clear', () => {
  it.each<[string, AlarmDefinition, Sample[], Expected]>([
    [
      'delay 0 raises at once, once',
      fridge,
      [
        [0, 9],
        [10, 10],
        [20, 11],
      ],
      [['raise', 0, true]],
    ],
    [
      'at the threshold never raises',
      fridge,
      [
        [0, 8],
        [10, 2],
        [20, 8],
      ],
      [],
    ],
    [
      'recovery clears and notifies',
      fridge,
      [
        [0, 9],
        [10, 5],
      ],
      [
        ['raise', 0, true],
        ['clear', 10, true],
      ],
    ],
    [
      '-255 neither raises nor clears',
      fridge,
      [
        [0, 9],
        [10, -255],
        [20, 9],
      ],
      [['raise', 0, true]],
    ],
    [
      'delay: raised once out of range that long, from the first reading out',
      alarm({ ...fridge, delay: 300 }),
      [
        [0, 9],
        [200, 9],
        [300, 9],
        [400, 9],
      ],
      [['raise', 300, true]],
    ],
    [
      'delay: back in range restarts it',
      alarm({ ...fridge, delay: 300 }),
      [
        [0, 9],
        [200, 5],
        [250, 9],
        [500, 9],
        [550, 9],
      ],
      [['raise', 550, true]],
    ],
    [
      'delay: a short excursion never raises',
      alarm({ ...fridge, delay: 300 }),
      [
        [0, 9],
        [100, 9],
        [200, 5],
      ],
      [],
    ],
    [
      'flapping inside frequency: later raises and their clears are not notified',
      fridge,
      [
        [0, 9],
        [60, 5],
        [120, 9],
        [180, 5],
        [240, 9],
      ],
      [
        ['raise', 0, true],
        ['clear', 60, true],
        ['raise', 120, false],
        ['clear', 180, false],
        ['raise', 240, false],
      ],
    ],
    [
      'flapping: notified again once frequency has passed',
      fridge,
      [
        [0, 9],
        [60, 5],
        [15 * 60, 9],
      ],
      [
        ['raise', 0, true],
        ['clear', 60, true],
        ['raise', 900, true],
      ],
    ],
    [
      'readings of one batch are taken in time order',
      fridge,
      [
        [20, 5],
        [0, 9],
        [10, 9],
      ],
      [
        ['raise', 0, true],
        ['clear', 20, true],
      ],
    ],
  ])('%s', (_, definition, samples, expected) => {
    expect(run(definition, samples).transitions).toEqual(expected);
  });

  it('records the value, range and the start of the excursion', () => {
    const { outcome } = run(alarm({ ...fridge, delay: 60 }), [
      [0, 9],
      [60, 9.5],
    ]);
    expect(outcome.transitions[0]).toMatchObject({
      kind: 'raise',
      type: 'temperature',
      value: 9.5,
      min: 2,
      max: 8,
      readingTsMs: 60_000,
      outOfRangeSinceMs: 0,
    });
  });

  it('a redelivered batch changes nothing', () => {
    const samples: Sample[] = [
      [0, 9],
      [10, 5],
      [20, 9],
    ];
    const first = run(fridge, samples);
    expect(first.transitions).toHaveLength(3);
    const again = run(fridge, samples, first.state);
    expect(again.transitions).toEqual([]);
    expect(again.outcome.states.size).toBe(0);
  });

  it.each<[string, ConditionState, Sample[], Expected]>([
    [
      'late reading out of range: no raise in the past',
      { ...initialState, lastTsMs: 100_000 },
      [[50, 20]],
      [],
    ],
    [
      'late reading in range: an open event is not cleared by the past',
      { ...initialState, lastTsMs: 100_000, open: { notified: true, peak: 9 } },
      [[50, 5]],
      [],
    ],
    [
      'a reading at the watermark itself is late',
      { ...initialState, lastTsMs: 100_000 },
      [[100, 20]],
      [],
    ],
    [
      'backfilled but newer than the watermark: evaluated in its own time',
      { ...initialState, lastTsMs: 100_000 },
      [
        [150, 20],
        [160, 5],
      ],
      [
        ['raise', 150, true],
        ['clear', 160, true],
      ],
    ],
    [
      'open already (e.g. before a restart): more out of range raises nothing',
      {
        ...initialState,
        lastTsMs: 0,
        open: { notified: true, peak: 20 },
        lastNotifiedRaiseMs: 0,
      },
      [[10, 20]],
      [],
    ],
    [
      'restart inside a delay: the stored start still counts',
      { ...initialState, lastTsMs: 100_000, pendingSinceMs: 0 },
      [[300, 9]],
      [['raise', 300, true]],
    ],
    [
      'a held-back raise is cleared without a notification',
      { ...initialState, lastTsMs: 0, open: { notified: false, peak: 9 } },
      [[10, 5]],
      [['clear', 10, false]],
    ],
  ])('%s', (_, state, samples, expected) => {
    const definition = state.pendingSinceMs === null ? fridge : alarm({ ...fridge, delay: 300 });
    expect(run(definition, samples, state).transitions).toEqual(expected);
  });

  it.each<[string, Sample[], 'transition' | 'watermark' | undefined]>([
    ['in range moves only the watermark', [[0, 5]], 'watermark'],
    ['starting a delay must be written with the batch', [[0, 9]], 'transition'],
    ['no reading changes nothing', [[0, -255]], undefined],
  ])('%s', (_, samples, change) => {
    const definition = alarm({ ...fridge, delay: 300 });
    const { outcome } = run(definition, samples);
    expect(outcome.states.get(conditionKey('a1', 'temperature'))?.change).toBe(change);
  });

  it('a door left open raises after its allowance, by readings', () => {
    const door = alarm({ doorEnabled: true, doorOpenMinutes: 5 });
    const outcome = evaluateReadings([door], new Map(), [
      { tsMs: 0, values: values({ d: 1 }) },
      { tsMs: 4 * minute, values: values({ d: 1 }) },
      { tsMs: 5 * minute, values: values({ d: 1 }) },
      { tsMs: 6 * minute, values: values({ d: 0 }) },
    ]);
    expect(outcome.transitions.map((t) => [t.kind, t.type, t.readingTsMs])).toEqual([
      ['raise', 'door', 5 * minute],
      ['clear', 'door', 6 * minute],
    ]);
  });

  it('a spill on an inverted sensor raises and clears', () => {
    const spill = alarm({ waterEnabled: true, invertWaterSignal: true });
    const outcome = evaluateReadings([spill], new Map(), [
      { tsMs: 0, values: values({ w: 1 }) },
      { tsMs: 10, values: values({ w: 0 }) },
      { tsMs: 20, values: values({ w: 2 }) },
      { tsMs: 30, values: values({ w: 1 }) },
    ]);
    expect(outcome.transitions.map((t) => [t.kind, t.readingTsMs])).toEqual([
      ['raise', 10],
      ['clear', 30],
    ]);
  });
});

describe('dueStep: a door that stops reporting', () => {
  const pending = (since: number): ConditionState => ({
    ...initialState,
    lastTsMs: since + minute,
    pendingSinceMs: since,
  });
  it.each<[string, ConditionState, 'door' | 'temperature', number, boolean]>([
    ['past its allowance: raised', pending(0), 'door', 5 * minute, true],
    ['inside its allowance: nothing', pending(0), 'door', 4 * minute, false],
    [
      'already open: nothing',
      { ...pending(0), open: { notified: true, peak: 1 } },
      'door',
      10 * minute,
      false,
    ],
    ['not pending: nothing', initialState, 'door', 10 * minute, false],
    ['other metrics are raised only by readings', pending(0), 'temperature', 10 * minute, false],
  ])('%s', (_, state, type, now, raised) => {
    const result = dueStep(state, { type, delayMs: 5 * minute }, now, 15);
    expect(result.transition?.kind === 'raise').toBe(raised);
    if (raised) {
      expect(result.transition).toMatchObject({ readingTsMs: minute, outOfRangeSinceMs: 0 });
      expect(result.state.open).toEqual({ notified: true, peak: 1 });
    }
  });
});

describe('followUps: repeat and escalation', () => {
  const event = (overrides: Partial<OpenEvent> = {}): OpenEvent => ({
    raisedAtMs: 0,
    notifiedCount: 1,
    lastNotifiedAtMs: 0,
    acknowledged: false,
    escalated: false,
    ...overrides,
  });
  const rules = { frequencyMinutes: 15, maxNotifications: null, escalationMinutes: 60 };
  it.each<
    [
      string,
      OpenEvent,
      typeof rules | Record<string, unknown>,
      number,
      { repeat: boolean; escalate: boolean },
    ]
  >([
    ['not yet due', event(), rules, 14 * minute, { repeat: false, escalate: false }],
    ['frequency elapsed: repeat', event(), rules, 15 * minute, { repeat: true, escalate: false }],
    [
      'counted from the last notification',
      event({ lastNotifiedAtMs: 10 * minute }),
      rules,
      20 * minute,
      { repeat: false, escalate: false },
    ],
    [
      'a held-back raise counts from the raise',
      event({ notifiedCount: 0, lastNotifiedAtMs: null }),
      rules,
      15 * minute,
      { repeat: true, escalate: false },
    ],
    [
      'one-time: never repeated',
      event(),
      { ...rules, frequencyMinutes: null },
      30 * minute,
      { repeat: false, escalate: false },
    ],
    [
      'max notifications reached (offline maxAlarms)',
      event({ notifiedCount: 24 }),
      { ...rules, maxNotifications: 24 },
      30 * minute,
      { repeat: false, escalate: false },
    ],
    [
      'below max notifications',
      event({ notifiedCount: 23 }),
      { ...rules, maxNotifications: 24 },
      30 * minute,
      { repeat: true, escalate: false },
    ],
    [
      'escalated after escalation minutes',
      event({ lastNotifiedAtMs: 55 * minute }),
      rules,
      60 * minute,
      { repeat: false, escalate: true },
    ],
    [
      'escalated only once',
      event({ escalated: true, lastNotifiedAtMs: 85 * minute }),
      rules,
      90 * minute,
      { repeat: false, escalate: false },
    ],
    [
      'acknowledged: never repeated nor escalated',
      event({ acknowledged: true }),
      rules,
      120 * minute,
      { repeat: false, escalate: false },
    ],
  ])('%s', (_, open, given, now, expected) => {
    expect(followUps(open, given as typeof rules, now)).toEqual(expected);
  });
});

describe('offlineDue', () => {
  const device = { lastSeenAtMs: 0, ttlMinutes: 60, watched: true };
  it.each<[string, typeof device, boolean, number, boolean]>([
    ['silent for its ttl: raised', device, false, 60 * minute, true],
    ['inside its ttl: nothing', device, false, 59 * minute, false],
    ['already open: nothing', device, true, 120 * minute, false],
    ['not watched: nothing', { ...device, watched: false }, false, 120 * minute, false],
    [
      'never seen: nothing',
      { ...device, lastSeenAtMs: null as unknown as number },
      false,
      120 * minute,
      false,
    ],
  ])('%s', (_, given, open, now, expected) => {
    expect(offlineDue(given, open, now)).toBe(expected);
  });
});

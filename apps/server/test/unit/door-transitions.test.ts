import { describe, expect, it } from 'vitest';
import {
  doorTransitions,
  type DoorSample,
  type LatestDoorEvent,
} from '../../src/modules/doors/transitions.js';

/** Readings as [ts, d] pairs (usr only where a case needs one). */
const at = (...pairs: [number, number, string?][]): DoorSample[] =>
  pairs.map(([tsMs, d, usr]) => ({ tsMs, d, usr: usr ?? null }));
const open = (openedAt: number): LatestDoorEvent => ({ id: 'e1', openedAt, closedAt: null });
const closed = (openedAt: number, closedAt: number): LatestDoorEvent => ({
  id: 'e1',
  openedAt,
  closedAt,
});

describe('doorTransitions', () => {
  it.each([
    ['no events, door closed: nothing', null, at([10, 0], [20, 0]), { openings: [] }],
    [
      'no events, door opens: one opening with its user',
      null,
      at([10, 0], [20, 1, 'door-0042'], [30, 1]),
      { openings: [{ openedAt: 20, closedAt: null, usr: 'door-0042' }] },
    ],
    [
      'opens and closes within the readings: a closed opening',
      null,
      at([10, 1], [20, 1], [30, 0]),
      { openings: [{ openedAt: 10, closedAt: 30, usr: null }] },
    ],
    [
      'two openings in one batch (a gateway back from an outage)',
      closed(1, 2),
      at([10, 1], [20, 0], [30, 0], [40, 1], [50, 0]),
      {
        openings: [
          { openedAt: 10, closedAt: 20, usr: null },
          { openedAt: 40, closedAt: 50, usr: null },
        ],
      },
    ],
    [
      'open event, door closes: closes it at the first closed reading',
      open(10),
      at([20, 1], [30, 0], [40, 0]),
      { openings: [], close: { id: 'e1', closedAt: 30 } },
    ],
    [
      'open event, closes and opens again',
      open(10),
      at([30, 0], [40, 1, 'u7']),
      {
        openings: [{ openedAt: 40, closedAt: null, usr: 'u7' }],
        close: { id: 'e1', closedAt: 30 },
      },
    ],
    ['open event, still open: nothing', open(10), at([20, 1], [30, 1]), { openings: [] }],
    [
      'unknown (2) and other values change nothing',
      open(10),
      at([20, 2], [30, 7]),
      { openings: [] },
    ],
    ['unknown while closed changes nothing', null, at([10, 2]), { openings: [] }],
    [
      'the same readings again (a redelivered message) change nothing',
      closed(10, 30),
      at([10, 1], [20, 1], [30, 0]),
      { openings: [] },
    ],
    [
      'a redelivered opening while still open changes nothing',
      open(10),
      at([10, 1]),
      { openings: [] },
    ],
    [
      'a late closed reading older than the open event does not close it',
      open(100),
      at([50, 0]),
      { openings: [] },
    ],
    [
      'a late open reading inside a known opening opens nothing',
      closed(100, 200),
      at([150, 1]),
      { openings: [] },
    ],
    [
      'a late open reading before the latest opening opens nothing',
      closed(100, 200),
      at([50, 1], [60, 0]),
      { openings: [] },
    ],
    [
      'readings out of order are applied in time order',
      null,
      at([30, 0], [10, 1], [20, 1]),
      { openings: [{ openedAt: 10, closedAt: 30, usr: null }] },
    ],
    [
      'late and new readings together: only the new ones count',
      closed(100, 200),
      at([150, 1], [250, 1], [300, 0]),
      { openings: [{ openedAt: 250, closedAt: 300, usr: null }] },
    ],
  ] as const)('%s', (_name, latest, samples, expected) => {
    expect(doorTransitions(latest, [...samples])).toEqual(expected);
  });
});

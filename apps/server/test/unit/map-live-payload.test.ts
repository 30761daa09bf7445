import type { Reading } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { toReading } from '../../src/modules/devices/view.js';
import { mapLivePayload } from '../../src/realtime/map-feed.js';

/** A stored reading with `fields`, every other metric missing. */
function payload(fields: Partial<Reading>) {
  const reading = toReading({ createdAt: '2026-11-24T10:00:00.000Z', ...fields });
  if (!reading) throw new Error('not a reading');
  return mapLivePayload({
    id: '00000000-0000-4000-8000-0000000000d1',
    accountId: '00000000-0000-4000-8000-0000000000a1',
    deviceId: 'a4:c1:38:00:00:02',
    reading,
  });
}

describe('the map tooltip readings (mapLiveData)', () => {
  it('reads a Node_Type 1 node’s thermocouple when it has one, as the alarm engine does', () => {
    expect(payload({ Node_Type: 1, thermo: -79.5, t: null }).temperature).toBe(-79.5);
    // A fridge node without a thermocouple reports its own sensor.
    expect(payload({ Node_Type: 1, thermo: null, t: 4.8, h: 41, c: 0.1 })).toMatchObject({
      temperature: 4.8,
      humidity: 41,
      carbon: 0.1,
    });
    expect(payload({ Node_Type: 2, thermo: 3, t: 5 }).temperature).toBe(5);
    expect(payload({}).temperature).toBeNull();
  });
});

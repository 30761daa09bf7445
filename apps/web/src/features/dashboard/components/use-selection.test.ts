import { describe, expect, it } from 'vitest';
import { deviceOf, emptyReading, ids } from '../../../test/fixtures';
import { firstChoice } from './use-selection';

const silent = deviceOf({ id: ids.device, name: 'New probe', lastSeenAt: null });
const reporting = deviceOf({
  id: ids.otherDevice,
  name: 'Fridge',
  lastSeenAt: '2026-11-24T10:00:00.000Z',
  latestData: { nodeData: { ...emptyReading, t: 4 } },
});
const alarming = deviceOf({
  id: ids.thirdDevice,
  name: 'Freezer',
  lastSeenAt: '2026-11-24T10:00:00.000Z',
  lastAlarms: { temperature: 'error' },
});

describe('the device the data panel opens on', () => {
  it('is the one last looked at, else the first in alarm, else the first with readings', () => {
    const devices = [silent, reporting, alarming];
    expect(firstChoice(devices, ids.device)?.id).toBe(ids.device);
    expect(firstChoice(devices, null)?.id).toBe(ids.thirdDevice);
    expect(firstChoice([silent, reporting], 'gone')?.id).toBe(ids.otherDevice);
    expect(firstChoice([silent], null)?.id).toBe(ids.device);
    expect(firstChoice([], null)).toBeUndefined();
  });
});

import type { AlarmEventItem } from '@vigil/contracts';
import { ids } from '../../../test/fixtures';

export const eventId = '00000000-0000-4000-8000-000000000701';

/** An alarm event as GET /api/alarms/events lists it: an active fridge excursion. */
export const eventOf = (extra: Partial<AlarmEventItem> = {}): AlarmEventItem => ({
  id: eventId,
  state: 'active',
  alarmId: null,
  alarmName: 'Fridge too warm',
  type: 'temperature',
  deviceDbId: ids.device,
  deviceName: 'Fridge 1',
  deviceId: '00:1a:2b:3c:4d:5e',
  locationId: ids.location,
  location: 'Cold room',
  value: 9,
  peak: 10.5,
  min: 2,
  max: 8,
  startedAt: '2026-11-24T10:00:00.000Z',
  raisedAt: '2026-11-24T10:00:00.000Z',
  endedAt: null,
  durationSeconds: 3900,
  acknowledgedAt: null,
  acknowledgedBy: null,
  acknowledgedMeaning: null,
  comments: 0,
  ...extra,
});

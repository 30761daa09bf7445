import type { DoorOpening } from '@vigil/contracts';
import type { DoorOpeningRow } from './repo.js';

/** A door event as the Recent door openings card and the live event show it. */
export function toDoorOpening(row: DoorOpeningRow): DoorOpening {
  return {
    id: row.id,
    deviceDbId: row.deviceDbId,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    location: row.location,
    user: row.user,
    timeOpened: row.openedAt.toISOString(),
    timeClosed: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

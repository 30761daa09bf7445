import type { Executor } from '../../db/client.js';
import { maps } from '../../db/schema/index.js';

/** Every device placed on some map, by row id, with the name it was placed under. */
export async function placedDevices(db: Executor): Promise<Map<string, string>> {
  const rows = await db.select({ deviceSettings: maps.deviceSettings }).from(maps);
  const placed = new Map<string, string>();
  for (const row of rows) {
    for (const device of row.deviceSettings as { id?: unknown; name?: unknown }[]) {
      if (typeof device.id === 'string')
        placed.set(device.id, typeof device.name === 'string' ? device.name : device.id);
    }
  }
  return placed;
}

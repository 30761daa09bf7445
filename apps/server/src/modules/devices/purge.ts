import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

/** The job that removes a deleted device's readings and rollups (they have no foreign key). */
export const purgeReadingsJob = 'device.purgeReadings';
export const purgeReadingsPayload = z.object({ deviceId: z.uuid() });

const tables = ['readings', 'reading_rollups_1m', 'reading_rollups_1h', 'reading_rollups_1d'];
const chunkSize = 20_000;

/**
 * Deletes the rows of a deleted device, a chunk per statement so that no transaction holds
 * millions of rows; returns how many went. Rows of a device that still exists are never touched.
 */
export async function purgeDeviceReadings(db: Db, deviceId: string): Promise<number> {
  let total = 0;
  for (const table of tables) {
    for (;;) {
      const [row] = await queryRows<{ n: number | string }>(
        db,
        sql`with gone as (
            delete from ${sql.identifier(table)} where ctid in (
              select ctid from ${sql.identifier(table)}
              where device_id = ${deviceId}
                and not exists (select 1 from devices where id = ${deviceId})
              limit ${chunkSize}
            ) returning 1
          ) select count(*) as n from gone`,
      );
      const deleted = Number(row?.n ?? 0);
      total += deleted;
      if (deleted < chunkSize) break;
    }
  }
  return total;
}

import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { devices, deviceUsers, readings, users } from '../../src/db/schema/index.js';
import { rebuildRollups } from '../../src/modules/readings/rollups-rebuild.js';

/** Devices are inserted directly: the history tests need rows, not the devices API. */
export async function insertDevice(
  db: Db,
  accountId: string,
  name: string,
  assignTo: string[] = [],
): Promise<string> {
  const hardwareId = [...randomBytes(6)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join(':');
  const [row] = await db
    .insert(devices)
    .values({ accountId, deviceId: hardwareId, name, timezone: 'Europe/Vaduz' })
    .returning({ id: devices.id });
  if (!row) throw new Error('device insert returned nothing');
  for (const userId of assignTo) await db.insert(deviceUsers).values({ deviceId: row.id, userId });
  return row.id;
}

export type ReadingInput = Omit<typeof readings.$inferInsert, 'deviceId'>;

/** Inserts readings and rebuilds the rollups they touch (what ingestion keeps up to date). */
export async function insertReadings(db: Db, deviceId: string, rows: ReadingInput[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(readings).values(rows.slice(i, i + 1000).map((row) => ({ ...row, deviceId })));
  }
  const times = rows.map((row) => row.ts.getTime());
  if (times.length > 0) {
    await rebuildRollups(db, deviceId, new Date(Math.min(...times)), new Date(Math.max(...times)));
  }
}

/**
 * `count` readings `stepMs` apart from `from`, generated in SQL: t wanders around 4 °C,
 * h cycles through 40..49 %. Rollups are rebuilt for the range.
 */
export async function seedSeries(
  db: Db,
  deviceId: string,
  options: { from: Date; count: number; stepMs: number },
) {
  await db.execute(sql`
    insert into ${readings} (device_id, ts, t, h)
    select ${deviceId}::uuid, ${options.from}::timestamptz + make_interval(secs => i * ${options.stepMs / 1000}),
      round((4 + 2 * sin(i / 37.0))::numeric, 2)::real, (40 + i % 10)::real
    from generate_series(0, ${options.count - 1}) as i`);
  const to = new Date(options.from.getTime() + (options.count - 1) * options.stepMs);
  await rebuildRollups(db, deviceId, options.from, to);
}

export async function accountIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db
    .select({ accountId: users.accountId })
    .from(users)
    .where(eq(users.email, email));
  if (!row?.accountId) throw new Error(`no account for ${email}`);
  return row.accountId;
}

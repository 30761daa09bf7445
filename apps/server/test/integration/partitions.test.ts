import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Db } from '../../src/db/client.js';
import { purgeDeviceReadings } from '../../src/modules/readings/purge.js';
import { queryRows } from '../../src/db/query.js';
import * as schema from '../../src/db/schema/index.js';
import { purgeExpired } from '../../src/modules/readings/maintenance.js';
import {
  maintainPartitions,
  monthStart,
  partitionLayout,
  partitionName,
} from '../../src/modules/readings/partitions.js';
import { adminUrl } from '../helpers/global-setup.js';
import { freshDatabase } from '../helpers/test-app.js';

const day = 86_400_000;
const now = Date.now();

/** The migrations up to 0004 (readings not yet partitioned), as a folder of their own. */
async function migrationsBeforePartitions(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vigil-migrations-'));
  await cp(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.tag < '0005');
  await writeFile(journalFile, JSON.stringify(journal));
  await rm(join(dir, '0005_readings_partitions.sql'));
  return dir;
}

/** An empty database (not the migrated template) and a way to migrate it from a folder. */
async function emptyDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const client = await PGlite.create();
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      migrate: (folder: string) => migratePglite(db as never, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `vigil_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: adminUrl(url, name), max: 2 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    migrate: (folder: string) => migratePg(db as never, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      const dropper = new pg.Client({ connectionString: adminUrl(url) });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const where = (db: Db) =>
  queryRows<{ part: string; n: number }>(
    db,
    sql`select tableoid::regclass::text as part, count(*)::int as n from readings group by 1 order by 1`,
  );

async function insertReadings(db: Db, deviceId: string, times: number[]) {
  await db.execute(sql`insert into readings (device_id, ts, t)
    select ${deviceId}::uuid, unnest(${sql.param(times.map((ms) => new Date(ms).toISOString()))}::timestamptz[]), 4`);
}

describe('readings partitioned by month', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await migrationsBeforePartitions();
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('migrates a database with readings: the rows stay in place as the default partition, nothing is lost', async () => {
    const database = await emptyDatabase();
    try {
      await database.migrate(folder);
      const { db } = database;
      const [account] = await queryRows<{ id: string }>(
        db,
        sql`insert into accounts (company_name, email) values ('Old Lab', 'old@lab.example') returning id`,
      );
      const devices = await queryRows<{ id: string }>(
        db,
        sql`insert into devices (account_id, device_id, name)
          select ${account?.id}::uuid, 'aa:00:00:00:00:0' || i, 'Old ' || i from generate_series(1, 3) i
          returning id`,
      );
      const old = [now - 200 * day, now - 40 * day, now - 3 * day, now - 60_000];
      for (const { id } of devices) await insertReadings(db, id, old);
      expect(await where(db)).toEqual([{ part: 'readings', n: 12 }]);

      await database.migrate(migrationsFolder);
      // Every row is still there, read through the partitioned table.
      expect(await where(db)).toEqual([{ part: 'readings_legacy', n: 12 }]);
      const layout = await partitionLayout(db);
      expect(layout.defaultName).toBe('readings_legacy');
      expect(layout.legacy).toEqual({ cutoverMs: monthStart(now, 1), validated: false });
      expect(layout.months).toEqual([]);
      // New readings before the cutover go on into the old table.
      await insertReadings(db, devices[0]?.id ?? '', [now]);

      // The worker validates its bound (without blocking writes) and adds months after it.
      const created = await maintainPartitions(db, now);
      expect(created).toEqual([
        partitionName(monthStart(now, 1)),
        partitionName(monthStart(now, 2)),
      ]);
      expect((await partitionLayout(db)).legacy?.validated).toBe(true);
      await insertReadings(db, devices[0]?.id ?? '', [monthStart(now, 1) + day]);
      expect(await where(db)).toEqual([
        { part: 'readings_legacy', n: 13 },
        { part: partitionName(monthStart(now, 1)), n: 1 },
      ]);

      // Retention deletes the old table's expired rows, and drops it whole once all have expired.
      const partly = await purgeExpired(db, { rawDays: 100, rollups: {} }, now);
      expect(partly).toMatchObject({ dropped: [], deleted: 3 });
      const whole = await purgeExpired(
        db,
        { rawDays: 1, rollups: {} },
        monthStart(now, 1) + 2 * day,
      );
      expect(whole.dropped).toEqual(['readings_legacy']);
      expect(await where(db)).toEqual([{ part: partitionName(monthStart(now, 1)), n: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('creates months ahead, gives late readings their month, and drops expired months whole', async () => {
    const database = await freshDatabase();
    try {
      const { db } = database;
      const [account] = await queryRows<{ id: string }>(
        db,
        sql`insert into accounts (company_name, email) values ('New Lab', 'new@lab.example') returning id`,
      );
      const [device] = await queryRows<{ id: string }>(
        db,
        sql`insert into devices (account_id, device_id, name)
          values (${account?.id}::uuid, 'bb:00:00:00:00:01', 'New') returning id`,
      );
      const id = device?.id ?? '';
      const lastYear = monthStart(now, -12) + 5 * day;
      // A gateway's old buffer: its month has no partition yet, so it waits in the default one.
      await insertReadings(db, id, [lastYear, lastYear + day, now]);
      expect(await where(db)).toEqual([
        { part: 'readings_default', n: 2 },
        { part: partitionName(monthStart(now)), n: 1 },
      ]);
      // The months ahead exist since the migration; three ahead is one more.
      const created = await maintainPartitions(db, now, 3);
      expect(created).toEqual([
        partitionName(monthStart(now, 3)),
        partitionName(monthStart(lastYear)),
      ]);
      expect(await where(db)).toEqual([
        { part: partitionName(monthStart(lastYear)), n: 2 },
        { part: partitionName(monthStart(now)), n: 1 },
      ]);
      await db.execute(sql`insert into reading_rollups_1m (device_id, metric, bucket, min, max, sum, count)
        values (${id}::uuid, 't', ${new Date(lastYear).toISOString()}::timestamptz, 4, 4, 4, 1),
          (${id}::uuid, 't', ${new Date(now).toISOString()}::timestamptz, 4, 4, 4, 1)`);
      const outcome = await purgeExpired(db, { rawDays: 300, rollups: { '1m': 300 } }, now);
      expect(outcome.dropped).toEqual([partitionName(monthStart(lastYear))]);
      expect(outcome.rollups).toEqual({ '1m': 1 });
      expect(await where(db)).toEqual([{ part: partitionName(monthStart(now)), n: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('deletes expired rows of the default partition asking only the devices that have some', async () => {
    const database = await freshDatabase();
    try {
      const { db } = database;
      const [account] = await queryRows<{ id: string }>(
        db,
        sql`insert into accounts (company_name, email) values ('Fleet Lab', 'fleet@lab.example') returning id`,
      );
      // A fleet: the retention pass must not cost a statement per registered device.
      const fleet = await queryRows<{ id: string }>(
        db,
        sql`insert into devices (account_id, device_id, name)
          select ${account?.id}::uuid, 'cc:00:00:00:' || lpad(to_hex(n / 256), 2, '0') || ':' ||
              lpad(to_hex(n % 256), 2, '0'), 'Fleet ' || n
            from generate_series(1, 200) n
          returning id`,
      );
      const [old, recent] = [fleet[17]?.id ?? '', fleet[150]?.id ?? ''];
      // Months without a partition of their own wait in the default one.
      const lastYear = monthStart(now, -12) + 5 * day;
      const lastQuarter = monthStart(now, -3) + 5 * day;
      await insertReadings(db, old, [lastYear, lastYear + day, lastQuarter]);
      await insertReadings(db, recent, [lastQuarter]);
      expect(await where(db)).toEqual([{ part: 'readings_default', n: 4 }]);
      // Their minute rollups: last year's is past a 300-day retention, last quarter's is not.
      for (const [device, at] of [
        [old, lastYear],
        [recent, lastQuarter],
      ] as const) {
        await db.execute(sql`insert into reading_rollups_1m (device_id, metric, bucket, min, max, sum, count)
          values (${device}::uuid, 't', ${new Date(at).toISOString()}::timestamptz, 1, 1, 1, 1)`);
      }
      let statements = 0;
      const counted = new Proxy(db, {
        get(target, property, receiver) {
          if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
          return (...args: Parameters<Db['execute']>) => {
            statements += 1;
            return target.execute(...args);
          };
        },
      });
      const outcome = await purgeExpired(counted, { rawDays: 300, rollups: { '1m': 300 } }, now);
      expect(outcome).toMatchObject({ dropped: [], deleted: 2, rollups: { '1m': 1 } });
      expect(await where(db)).toEqual([{ part: 'readings_default', n: 2 }]);
      const kept = await queryRows<{ device_id: string }>(
        db,
        sql`select device_id from reading_rollups_1m`,
      );
      expect(kept).toEqual([{ device_id: recent }]);
      // The layout, the devices holding expired rows, one delete for the one that has them (raw
      // readings, then minute rollups): not one statement per device of the fleet.
      expect(statements).toBeLessThan(12);
    } finally {
      await database.close();
    }
  });

  it('purges a deleted device in every partition, and no other device, whatever the row positions', async () => {
    const database = await freshDatabase();
    try {
      const { db } = database;
      const [account] = await queryRows<{ id: string }>(
        db,
        sql`insert into accounts (company_name, email) values ('Gone Lab', 'gone@lab.example') returning id`,
      );
      const [gone, kept] = await queryRows<{ id: string }>(
        db,
        sql`insert into devices (account_id, device_id, name)
          values (${account?.id}::uuid, 'cc:00:00:00:00:01', 'Gone'), (${account?.id}::uuid, 'cc:00:00:00:00:02', 'Kept')
          returning id`,
      );
      // Each is the first row of its month's partition: the same position (ctid) in each.
      await insertReadings(db, gone?.id ?? '', [now]);
      await insertReadings(db, kept?.id ?? '', [monthStart(now, 1) + day]);
      await insertReadings(db, gone?.id ?? '', [monthStart(now, 2) + day]);
      await db.execute(sql`delete from devices where id = ${gone?.id ?? ''}::uuid`);
      expect(await purgeDeviceReadings(db, gone?.id ?? '')).toBe(2);
      expect(await where(db)).toEqual([{ part: partitionName(monthStart(now, 1)), n: 1 }]);
    } finally {
      await database.close();
    }
  });
});

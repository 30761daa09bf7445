import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { readingColumns } from '../../src/ingest/columns.js';
import {
  createBatchWriter,
  NotStorableError,
  type Committed,
  type ResolvedReading,
} from '../../src/modules/readings/writer.js';
import { deviceSlot } from '../../src/lib/device-slot.js';
import { demo } from '../helpers/fixtures.js';
import { accountOf, insertGateway, readingCount, type TestGateway } from '../helpers/ingest.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedDemo } from '../../src/seed/demo.js';
import { purgeDeviceReadings } from '../../src/modules/readings/purge.js';

let test: TestApp;
let gateway: TestGateway;

beforeAll(async () => {
  test = await createTestApp();
  await seedDemo(test.runtime.ctx.db);
  gateway = await insertGateway(
    test.runtime.ctx.db,
    await accountOf(test.runtime.ctx.db, demo.owner),
    { deviceCount: 3 },
  );
});
afterAll(async () => {
  await test.close();
});

function reading(
  deviceKey: string,
  tsMs: number,
  fields: Record<string, number>,
  of: TestGateway = gateway,
): ResolvedReading {
  return {
    deviceKey,
    deviceUuid: of.deviceRows.get(deviceKey)!,
    accountId: of.accountId,
    tsMs,
    values: readingColumns.map((column) => fields[column.field] ?? null),
    extra: null,
  };
}

/** The database, each `execute` going through `around`, which runs the statement with `run`. */
function aroundExecute(
  around: (statement: SQL, run: () => Promise<unknown>) => Promise<unknown>,
): Db {
  return new Proxy(test.runtime.ctx.db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
      return (statement: SQL) => around(statement, () => target.execute(statement));
    },
  });
}

/** The database, noting how each readings insert treats duplicates: `fail` or `skip`. */
function watchedDb(inserts: string[]): Db {
  const dialect = new PgDialect();
  return aroundExecute((statement, run) => {
    const text = dialect.sqlToQuery(statement).sql;
    if (text.includes('insert into readings'))
      inserts.push(text.includes('on conflict do nothing') ? 'skip' : 'fail');
    return run();
  });
}

/** A writer of 1,000-reading batches (one lane unless told) that hands what it commits to `onCommitted`. */
function testWriter(options: {
  flushMs: number;
  db?: Db;
  lanes?: number;
  batchSize?: number;
  onCommitted?: (committed: Committed) => void;
}) {
  return createBatchWriter({
    db: options.db ?? test.runtime.ctx.db,
    batchSize: options.batchSize ?? 1000,
    flushMs: options.flushMs,
    concurrency: options.lanes ?? 1,
    log: pino({ level: 'silent' }),
    owner: 'batch-writer-test',
    onCommitted: options.onCommitted ?? (() => undefined),
  });
}

describe('the batch writer', () => {
  it('shares batches between messages and isolates one the database refuses', async () => {
    const commits: Committed[] = [];
    const writer = testWriter({ flushMs: 20, onCommitted: (committed) => commits.push(committed) });
    const [first, second] = gateway.devices as [string, string];
    const base = Date.now() - 60_000;
    // A value no decoder would pass (mode is a smallint): the batch fails as a whole first.
    const results = await Promise.allSettled([
      writer.write([reading(first, base, { t: 4 }), reading(first, base + 1000, { t: 5 })]),
      writer.write([reading(second, base, { m: 70_000 })]),
      writer.write([reading(second, base + 1000, { t: 6 }), reading(first, base, { t: 4 })]),
    ]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: { inserted: 2, duplicates: 0 } });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: expect.any(NotStorableError) });
    expect(results[2]).toEqual({ status: 'fulfilled', value: { inserted: 1, duplicates: 1 } });
    expect(await readingCount(test.runtime.ctx.db, gateway.deviceRows.get(first)!)).toBe(2);
    expect(await readingCount(test.runtime.ctx.db, gateway.deviceRows.get(second)!)).toBe(1);
    expect(commits.flatMap((commit) => commit.readings)).toHaveLength(3);
    await writer.close();
    await expect(writer.write([reading(first, base + 5000, { t: 1 })])).rejects.toThrow(
      /writer closed/,
    );
  });

  it('writes without ON CONFLICT until a reading is already stored, then skips duplicates', async () => {
    const inserts: string[] = [];
    const writer = testWriter({ flushMs: 1, db: watchedDb(inserts) });
    const device = gateway.devices[2]!;
    const base = Date.now() - 600_000;
    const at = (seconds: number) => reading(device, base + seconds * 1000, { t: 3 });
    expect(await writer.write([at(0), at(1)])).toEqual({ inserted: 2, duplicates: 0 });
    expect(inserts).toEqual(['fail']);
    // A reading stored already: the statement fails whole, and is written again skipping it.
    expect(await writer.write([at(1), at(2)])).toEqual({ inserted: 1, duplicates: 1 });
    expect(inserts).toEqual(['fail', 'fail', 'skip']);
    // The same reading twice in one message, while the lane still skips duplicates.
    expect(await writer.write([at(3), at(3)])).toEqual({ inserted: 1, duplicates: 1 });
    expect(inserts).toEqual(['fail', 'fail', 'skip', 'skip']);
    expect(await readingCount(test.runtime.ctx.db, gateway.deviceRows.get(device)!)).toBe(4);
    await writer.close();
  });

  it('stores the readings of a device deleted after they were resolved, which the purge removes', async () => {
    const commits: Committed[] = [];
    const writer = testWriter({ flushMs: 1, onCommitted: (committed) => commits.push(committed) });
    const [first, second] = gateway.devices as [string, string];
    const base = Date.now() - 1_200_000;
    // Resolved from the directory just before its row went: the statement reads no devices.
    const gone = { ...reading(first, base, { t: 2 }), deviceKey: 'gone', deviceUuid: randomUUID() };
    const before = await readingCount(test.runtime.ctx.db, gateway.deviceRows.get(second)!);
    expect(
      await writer.write([
        gone,
        reading(second, base, { t: 7 }),
        { ...gone, tsMs: base + 1000 },
        reading(second, base + 1000, { t: 8 }),
      ]),
    ).toEqual({ inserted: 4, duplicates: 0 });
    expect(await readingCount(test.runtime.ctx.db, gateway.deviceRows.get(second)!)).toBe(
      before + 2,
    );
    expect(await readingCount(test.runtime.ctx.db, gone.deviceUuid)).toBe(2);
    // Committed as any: their follow-up skips what a deleted device can no longer have.
    expect(commits.flatMap((commit) => commit.readings.map((row) => row.deviceKey)).sort()).toEqual(
      ['gone', 'gone', second, second].sort(),
    );
    // The purge that runs again after the device's deletion (readings/purge.ts) removes them.
    await purgeDeviceReadings(test.runtime.ctx.db, gone.deviceUuid);
    expect(await readingCount(test.runtime.ctx.db, gone.deviceUuid)).toBe(0);
    expect(await readingCount(test.runtime.ctx.db, gateway.deviceRows.get(second)!)).toBe(
      before + 2,
    );
    await writer.close();
  });

  it('flags backfilled the readings older than the newest one known stored, read or written', async () => {
    const writer = testWriter({ flushMs: 1 });
    const own = await insertGateway(test.runtime.ctx.db, gateway.accountId, { deviceCount: 1 });
    const device = own.devices[0]!;
    const uuid = own.deviceRows.get(device)!;
    const now = Date.now();
    // The directory read the device's newest stored reading as 20 s ago.
    const known = (tsMs: number) => ({
      ...reading(device, tsMs, { t: 5 }, own),
      deviceLatestTsMs: now - 20_000,
    });
    await writer.write([known(now - 40_000), known(now - 10_000)]);
    // Older than what this writer just stored, though newer than what the directory read.
    await writer.write([known(now - 15_000), known(now - 5_000)]);
    // Older than two minutes: a gateway's buffer, whatever came before.
    await writer.write([known(now - 200_000)]);
    const rows = await queryRows<{ age: number | string; backfilled: boolean }>(
      test.runtime.ctx.db,
      sql`select round(extract(epoch from ${new Date(now).toISOString()}::timestamptz - ts))::int as age, backfilled
        from readings where device_id = ${uuid}
        order by ts`,
    );
    expect(rows.map((row) => [Number(row.age), row.backfilled])).toEqual([
      [200, true],
      [40, true],
      [15, true],
      [10, false],
      [5, false],
    ]);
    await writer.close();
  });

  it("keeps each device's readings in order with two lanes on one connection, the next batch waiting at the database", async () => {
    const db = test.runtime.ctx.db;
    let running = 0;
    let mostAtOnce = 0;
    // Counts the inserts handed to the database and not yet answered.
    const counted = aroundExecute(async (_statement, run) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      try {
        return await run();
      } finally {
        running -= 1;
      }
    });
    const commits: Committed[] = [];
    const writer = testWriter({
      flushMs: 1,
      db: counted,
      lanes: 2,
      batchSize: 10,
      onCommitted: (committed) => commits.push(committed),
    });
    const base = Date.now() - 1_800_000;
    // A device's lane follows from its id (device-slot.ts): devices of both lanes.
    let fresh = await insertGateway(db, gateway.accountId, { deviceCount: 4 });
    const lanesOf = (of: TestGateway) =>
      new Set([...of.deviceRows.values()].map((uuid) => deviceSlot(uuid, 2)));
    while (lanesOf(fresh).size < 2) {
      fresh = await insertGateway(db, gateway.accountId, { deviceCount: 4 });
    }
    const { devices } = fresh;
    // 60 messages of one reading from each device, all handed over at once.
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        writer.write(
          devices.map((device) => reading(device, base + index * 1000, { t: index }, fresh)),
        ),
      ),
    );
    expect(results).toEqual(results.map(() => ({ inserted: 4, duplicates: 0 })));
    expect(mostAtOnce).toBe(2);
    for (const device of devices) {
      const uuid = fresh.deviceRows.get(device)!;
      expect(await readingCount(db, uuid)).toBe(60);
      const committed = commits.flatMap((commit) =>
        commit.readings.filter((row) => row.deviceUuid === uuid).map((row) => row.tsMs),
      );
      expect(committed).toEqual(Array.from({ length: 60 }, (_, at) => base + at * 1000));
    }
    await writer.close();
  });
});

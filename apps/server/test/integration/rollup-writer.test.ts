import { sql } from 'drizzle-orm';
import pino from 'pino';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { readings } from '../../src/db/schema/index.js';
import { readingColumns } from '../../src/ingest/columns.js';
import { graphOf } from '../../src/modules/readings/history.js';
import { createIngestMetrics } from '../../src/ingest/metrics.js';
import { createRollupWriter } from '../../src/modules/readings/rollup-writer.js';
import {
  appendRollupDeltas,
  applyAllPending,
  applyRollupDeltas,
  pendingDeltaRows,
} from '../../src/modules/readings/rollup-deltas-repo.js';
import {
  deltaShare,
  rollupDeltas,
  rollupLevels,
} from '../../src/modules/readings/rollup-levels.js';
import { rebuildRollups } from '../../src/modules/readings/rollups-rebuild.js';
import { createAccountWithOwner } from '../helpers/fixtures.js';
import { insertDevice } from '../helpers/history-fixtures.js';
import { freshDatabase } from '../helpers/test-app.js';

let database: Database;
let accountId: string;

beforeAll(async () => {
  database = await freshDatabase();
  ({
    account: { id: accountId },
  } = await createAccountWithOwner(database.db, 'Writer Lab', 'o@writer.example'));
});
afterAll(async () => {
  await database.close();
});

const log = pino({ level: 'silent' });
const writer = () =>
  createRollupWriter({
    db: database.db,
    log,
    metrics: createIngestMetrics(new Registry(), () => 0),
    // Two delta rows per transaction: a flush takes several, side by side with the other writer.
    chunkRows: 2,
  });

const hour = 3_600_000;
const tIndex = readingColumns.findIndex((column) => column.field === 't');
const hIndex = readingColumns.findIndex((column) => column.field === 'h');

/**
 * Readings of one device every 7 minutes over two days (crossing every level's buckets), with
 * values in quarters: their float sums are exact in any order, so incremental and rebuilt
 * rollups must be equal to the last bit.
 */
function readingsOf(deviceUuid: string, count: number) {
  const base = Math.floor((Date.now() - 3 * 24 * hour) / (24 * hour)) * 24 * hour;
  return Array.from({ length: count }, (_, i) => ({
    deviceUuid,
    tsMs: base + i * 7 * 60_000,
    values: readingColumns.map((_, index) =>
      index === tIndex
        ? (i % 37) / 4 - 3
        : index === hIndex && i % 3 === 0
          ? 40 + (i % 8) / 4
          : null,
    ),
  }));
}

async function store(deviceUuid: string, rows: ReturnType<typeof readingsOf>) {
  await database.db.insert(readings).values(
    rows.map((row) => ({
      deviceId: deviceUuid,
      ts: new Date(row.tsMs),
      t: row.values[tIndex] ?? null,
      h: row.values[hIndex] ?? null,
    })),
  );
}

/** What a follow-up round appends for these readings: their minute deltas, as one row. */
async function appendAsRound(rows: ReturnType<typeof readingsOf>) {
  const [minute] = rollupLevels;
  await appendRollupDeltas(database.db, rollupDeltas(rows, [minute]).get(minute.level) ?? []);
}

/** Every level's rows of a device, in key order. */
async function rollupsOf(deviceUuid: string) {
  const levels: Record<string, unknown[]> = {};
  for (const { level, table } of rollupLevels) {
    levels[level] = await queryRows(
      database.db,
      sql`select metric, bucket, min, max, sum, count from ${sql.identifier(table)}
        where device_id = ${deviceUuid} order by metric, bucket`,
    );
  }
  return levels;
}

describe('the rollup writer', () => {
  it('applies every round’s deltas once to every level, as a rebuild from the readings would', async () => {
    const device = await insertDevice(database.db, accountId, 'Writer Fridge');
    const rows = readingsOf(device, 400);
    await store(device, rows);
    // Rounds of two processes, each a part of the readings (a message each, round-robin).
    for (let i = 0; i < 10; i += 1) await appendAsRound(rows.filter((_, n) => n % 10 === i));
    expect(await pendingDeltaRows(database.db)).toBe(10);

    // Two processes' writers flush at once: each delta row goes to one of them.
    await Promise.all([writer().flush(), writer().flush()]);
    expect(await pendingDeltaRows(database.db)).toBe(0);
    const incremental = await rollupsOf(device);
    const [minuteRows, tenMinuteRows] = [incremental['1m'] ?? [], incremental['10m'] ?? []];
    expect(minuteRows).toHaveLength(400 + 134);
    expect(tenMinuteRows.length).toBeGreaterThan(0);
    const counted = await queryRows<{ n: number | string }>(
      database.db,
      sql`select sum(count) as n from reading_rollups_1d where device_id = ${device} and metric = 't'`,
    );
    expect(Number(counted[0]?.n)).toBe(400);

    const first = rows[0]?.tsMs ?? 0;
    const last = rows.at(-1)?.tsMs ?? 0;
    await rebuildRollups(database.db, device, new Date(first), new Date(last));
    expect(await rollupsOf(device)).toEqual(incremental);
  });

  it('adds a round of many devices a share at a time, each share once, as a rebuild would', async () => {
    const devices: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      devices.push(await insertDevice(database.db, accountId, `Shared Fridge ${String(i)}`));
    }
    const shares = new Set(devices.map(deltaShare));
    expect(shares.size).toBeGreaterThan(1);
    const byDevice = devices.map((device) => readingsOf(device, 60));
    for (const [i, device] of devices.entries()) await store(device, byDevice[i] ?? []);
    // Three rounds, each with a third of every device's readings.
    for (let round = 0; round < 3; round += 1) {
      await appendAsRound(byDevice.flatMap((rows) => rows.filter((_, n) => n % 3 === round)));
    }
    expect(await pendingDeltaRows(database.db)).toBe(3 * shares.size);

    // One step takes one share, of every round.
    const step = await applyRollupDeltas(database.db, { wait: true, dueAfterMs: 0, limit: 64 });
    expect(step).toEqual({ kind: 'applied', taken: 3 });
    const left = await queryRows<{ share: number }>(
      database.db,
      sql`select distinct share from reading_rollup_deltas`,
    );
    expect(left).toHaveLength(shares.size - 1);

    await writer().flush();
    expect(await pendingDeltaRows(database.db)).toBe(0);
    for (const [i, device] of devices.entries()) {
      const rows = byDevice[i] ?? [];
      const incremental = await rollupsOf(device);
      expect(incremental['1m']).toHaveLength(60 + 20);
      await rebuildRollups(
        database.db,
        device,
        new Date(rows[0]?.tsMs ?? 0),
        new Date(rows.at(-1)?.tsMs ?? 0),
      );
      expect(await rollupsOf(device)).toEqual(incremental);
    }
  });

  it('counts deltas still pending once when a rebuild comes first', async () => {
    const device = await insertDevice(database.db, accountId, 'Rebuilt Freezer');
    const rows = readingsOf(device, 120);
    await store(device, rows);
    await appendAsRound(rows.slice(0, 60));
    await appendAsRound(rows.slice(60));
    const first = new Date(rows[0]?.tsMs ?? 0);
    const last = new Date(rows.at(-1)?.tsMs ?? 0);
    await rebuildRollups(database.db, device, first, last);
    expect(await pendingDeltaRows(database.db)).toBe(0);
    const rebuilt = await rollupsOf(device);
    await writer().flush();
    expect(await rollupsOf(device)).toEqual(rebuilt);
    await rebuildRollups(database.db, device, first, last);
    expect(await rollupsOf(device)).toEqual(rebuilt);
  });

  it('applies a step’s deltas only once the oldest has waited the interval', async () => {
    const device = await insertDevice(database.db, accountId, 'Patient Dewar');
    const rows = readingsOf(device, 5);
    await store(device, rows);
    await appendAsRound(rows);
    const step = (dueAfterMs: number) =>
      applyRollupDeltas(database.db, { wait: false, dueAfterMs, limit: 10 });
    const early = await step(3_600_000);
    expect(early.kind).toBe('notDue');
    expect(early.kind === 'notDue' && (early.dueInMs ?? 0) > 0).toBe(true);
    expect(await pendingDeltaRows(database.db)).toBe(1);
    expect(await step(0)).toEqual({ kind: 'applied', taken: 1 });
    expect(await step(0)).toEqual({ kind: 'notDue', dueInMs: undefined });
    expect((await rollupsOf(device))['1h']).not.toEqual([]);
  });

  it('waits longer after an apply that took longer, up to the longest interval', async () => {
    const devices: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      devices.push(await insertDevice(database.db, accountId, `Paced Freezer ${String(i)}`));
    }
    const shares = new Set(devices.map(deltaShare)).size;
    const appendAll = () => appendAsRound(devices.flatMap((device) => readingsOf(device, 3)));
    // A clock that moves `stepMs` each time it is read: a transaction (read at its start and
    // its end) takes `stepMs`: an apply of every share, half a second.
    let stepMs = 500 / shares;
    let clock = 0;
    const paced = createRollupWriter({
      db: database.db,
      log,
      metrics: createIngestMetrics(new Registry(), () => 0),
      now: () => (clock += stepMs),
    });
    expect(paced.interval()).toBe(2000);

    // An apply is every share's transaction: 10 times its time, between 2 and 10 s.
    await appendAll();
    await paced.flush();
    expect(await pendingDeltaRows(database.db)).toBe(0);
    expect(paced.interval()).toBeCloseTo(5000);
    stepMs = 1000;
    await appendAll();
    await paced.flush();
    expect(paced.interval()).toBe(10_000);
    // Quick again: back to the shortest.
    stepMs = 10;
    await appendAll();
    await paced.flush();
    expect(paced.interval()).toBe(2000);
  });

  it('draws every reading while a bucket is partly applied and deltas wait for the writer', async () => {
    const device = await insertDevice(database.db, accountId, 'Busy Cold Room');
    const now = Date.now();
    const minute = Math.floor((now - 5 * 60_000) / 60_000) * 60_000;
    const rows = Array.from({ length: 8 }, (_, i) => ({
      deviceUuid: device,
      tsMs: minute + i * 10_000,
      values: readingColumns.map((_, index) => (index === tIndex ? 2 + i / 4 : null)),
    }));
    await store(device, rows);
    // The minute's first readings are in the rollups, the rest (and the next minute's) wait.
    await appendAsRound(rows.slice(0, 3));
    await writer().flush();
    await appendAsRound(rows.slice(3));
    expect(await pendingDeltaRows(database.db)).toBe(1);
    const chart = await graphOf(
      database.db,
      device,
      { from: new Date(now - 15 * 60_000), to: new Date(now + 1000), timezone: 'UTC' },
      { now: new Date(now), rawRetentionDays: 400 },
    );
    expect(chart.bucket).toBe('raw');
    expect(chart.points.map((point) => [point.ts, point.t])).toEqual(
      rows.map((row) => [new Date(row.tsMs).toISOString(), row.values[tIndex]]),
    );
    await writer().flush();
  });

  it.runIf(process.env.DATABASE_URL)(
    'gives way to a writer at work, and a flush waits for it and then takes what is left',
    async () => {
      const device = await insertDevice(database.db, accountId, 'Shared Incubator');
      const rows = readingsOf(device, 30);
      await store(device, rows);
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      // Another process's writer, in the middle of its transaction.
      const other = database.db.transaction(async (tx) => {
        await applyAllPending(tx);
        holding();
        await released;
      });
      await held;
      await appendAsRound(rows);
      expect(
        await applyRollupDeltas(database.db, { wait: false, dueAfterMs: 0, limit: 10 }),
      ).toEqual({ kind: 'busy' });
      let flushed = false;
      const flush = writer()
        .flush()
        .then(() => {
          flushed = true;
        });
      // The flush waits on the lock (seen from the server), and does not get past it.
      const waiting = async () =>
        Number(
          (
            await queryRows<{ n: number | string }>(
              database.db,
              sql`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`,
            )
          )[0]?.n ?? 0,
        );
      while ((await waiting()) === 0) await Promise.resolve();
      expect(flushed).toBe(false);
      expect(await pendingDeltaRows(database.db)).toBe(1);
      release();
      await other;
      await flush;
      expect(await pendingDeltaRows(database.db)).toBe(0);
      const counted = await queryRows<{ n: number | string }>(
        database.db,
        sql`select sum(count) as n from reading_rollups_1m where device_id = ${device} and metric = 't'`,
      );
      expect(Number(counted[0]?.n)).toBe(30);
    },
  );
});

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { createFollowUp } from '../../src/modules/readings/follow-up.js';
import { readingColumns } from '../../src/ingest/columns.js';
import { createBatchWriter, type ResolvedReading } from '../../src/modules/readings/writer.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { createAccountWithOwner } from '../helpers/fixtures.js';
import { publishReadings } from '../helpers/alarm-engine.js';
import { connectGateway, insertGateway, type TestGateway } from '../helpers/ingest.js';
import { freshDatabase } from '../helpers/test-app.js';

let database: Database;
let dataDir: string;
let gateway: TestGateway;

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'vigil-follow-up-'));
  const { account } = await createAccountWithOwner(database.db, 'Crash Lab', 'o@crash.example');
  gateway = await insertGateway(database.db, account.id, { deviceCount: 2 });
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A process's runtime on the shared database (which outlives it), with the instance id of DATA_DIR. */
async function start(): Promise<Runtime> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ROLES: 'broker,ingest',
    MQTT_PORT: '0',
    WEB_DIR: '',
    INGEST_FLUSH_MS: '10',
  });
  const runtime = await createRuntime(config, pino({ level: 'silent' }), {
    ...database,
    close: () => Promise.resolve(),
  });
  await runtime.listen();
  return runtime;
}

const count = async (statement: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number | string | null }>(database.db, statement))[0]?.n ?? 0);
const rolledUp = (table: string, rowId: string) =>
  count(
    sql`select sum(count) as n from ${sql.identifier(table)} where device_id = ${rowId} and metric = 't'`,
  );
const followUps = () => count(sql`select count(*) as n from reading_follow_ups`);
const pendingDeltas = () => count(sql`select count(*) as n from reading_rollup_deltas`);

const tables = ['reading_rollups_1m', 'reading_rollups_10m', 'reading_rollups_1h'];

describe('the follow-up of stored readings', () => {
  it('after a crash between the acknowledgement and the rollups, loses nothing and repeats nothing', async () => {
    const deviceId = gateway.devices[0] ?? '';
    const rowId = gateway.deviceRows.get(deviceId) ?? '';
    const base = Date.now() - 30 * 60_000;
    const readings = Array.from({ length: 30 }, (_, i) => ({
      deviceId,
      ts: new Date(base + i * 20_000).toISOString(),
      data: { t: 4 + i / 10 },
    }));
    let runtime = await start();
    // The round's rollup deltas cannot be appended: the follow-up row stays, retried.
    await database.db.execute(sql`alter table reading_rollup_deltas rename to deltas_away`);
    const client = await connectGateway(runtime.mqttUrl ?? '', gateway);
    await client.publishAsync(`v1/gateways/${gateway.gatewayId}/up`, JSON.stringify({ readings }), {
      qos: 1,
    });
    await client.endAsync();
    // The process stops (its follow-up gives up at once): the readings are durable, their
    // rollups are not there, their follow-up row is.
    await runtime.ingest.followUp.close(0);
    await runtime.close();
    await database.db.execute(sql`alter table deltas_away rename to reading_rollup_deltas`);
    expect(await count(sql`select count(*) as n from readings where device_id = ${rowId}`)).toBe(
      30,
    );
    expect(await rolledUp('reading_rollups_1m', rowId)).toBe(0);
    expect(await followUps()).toBe(1);
    expect(await pendingDeltas()).toBe(0);

    // The same instance starts again and takes its row up before anything else.
    runtime = await start();
    await runtime.ingest.followUp.idle();
    for (const table of tables) expect(await rolledUp(table, rowId)).toBe(30);
    expect(await followUps()).toBe(0);
    expect(await pendingDeltas()).toBe(0);
    const [device] = await queryRows<{ latest_ts: string | Date }>(
      database.db,
      sql`select latest_ts from devices where id = ${rowId}`,
    );
    expect(new Date(device?.latest_ts ?? 0).toISOString()).toBe(readings.at(-1)?.ts);

    // A redelivery of the same message and another restart change nothing.
    const again = await connectGateway(runtime.mqttUrl ?? '', gateway);
    await publishReadings(again, gateway, readings);
    await again.endAsync();
    await runtime.ingest.followUp.idle();
    await runtime.close();
    runtime = await start();
    await runtime.ingest.followUp.idle();
    await runtime.close();
    for (const table of tables) expect(await rolledUp(table, rowId)).toBe(30);
  });

  it('after a crash between the deltas and the rollups, loses nothing and counts nothing twice', async () => {
    const deviceId = gateway.devices[0] ?? '';
    const rowId = gateway.deviceRows.get(deviceId) ?? '';
    const before = await Promise.all(tables.map((table) => rolledUp(table, rowId)));
    const base = Date.now() - 90 * 60_000;
    const readings = Array.from({ length: 24 }, (_, i) => ({
      deviceId,
      ts: new Date(base + i * 25_000).toISOString(),
      data: { t: 3 + i / 10 },
    }));
    let runtime = await start();
    // The round appends its deltas, but the rollup writer cannot commit them.
    await database.db.execute(sql`alter table reading_rollups_10m rename to rollups_away`);
    const client = await connectGateway(runtime.mqttUrl ?? '', gateway);
    await publishReadings(client, gateway, readings);
    await client.endAsync();
    await runtime.ingest.followUp.close(0);
    await runtime.close();
    await database.db.execute(sql`alter table rollups_away rename to reading_rollups_10m`);
    // The round is done (state, and its follow-up row gone); its deltas wait in the database.
    expect(await followUps()).toBe(0);
    expect(await pendingDeltas()).toBe(1);
    expect(await rolledUp('reading_rollups_1m', rowId)).toBe(before[0]);

    // The next start (of this process or any other) adds them, once.
    runtime = await start();
    await runtime.ingest.followUp.idle();
    await runtime.close();
    runtime = await start();
    await runtime.ingest.followUp.idle();
    await runtime.close();
    expect(await pendingDeltas()).toBe(0);
    const after = await Promise.all(tables.map((table) => rolledUp(table, rowId)));
    expect(after).toEqual(before.map((n) => n + 24));
  });

  it("takes over another instance's rows once they are old enough, and applies them once", async () => {
    const deviceId = gateway.devices[1] ?? '';
    const rowId = gateway.deviceRows.get(deviceId) ?? '';
    const log = pino({ level: 'silent' });
    // An instance that stored readings and died before following up on them.
    const writer = createBatchWriter({
      db: database.db,
      batchSize: 100,
      flushMs: 1,
      concurrency: 1,
      log,
      owner: 'instance-that-died',
      onCommitted: () => undefined,
    });
    const base = Date.now() - 10 * 60_000;
    const readings: ResolvedReading[] = Array.from({ length: 12 }, (_, i) => ({
      deviceKey: deviceId,
      deviceUuid: rowId,
      accountId: gateway.accountId,
      tsMs: base + i * 30_000,
      values: readingColumns.map((column) => (column.field === 't' ? 5 + i : null)),
      extra: null,
    }));
    await writer.write(readings);
    await writer.close();
    expect(await followUps()).toBe(1);

    const runtime = await start();
    const survivor = (orphanAfterMs: number) =>
      createFollowUp({
        db: database.db,
        owner: 'survivor',
        doors: runtime.doors,
        alarms: runtime.alarms.engine,
        events: runtime.ingest.events,
        metrics: runtime.ingest.metrics,
        log,
        orphanAfterMs,
      });
    // Not yet: the row is younger than the hour it waits for.
    const patient = survivor(3_600_000);
    await patient.start();
    await patient.close();
    expect(await followUps()).toBe(1);
    // Two survivors at once: the row is applied by one of them, once.
    const [first, second] = [survivor(0), survivor(0)];
    await Promise.all([first.start(), second.start()]);
    await Promise.all([first.close(), second.close()]);
    await runtime.close();
    expect(await followUps()).toBe(0);
    for (const table of tables) expect(await rolledUp(table, rowId)).toBe(12);
  });

  it('follows up a lone batch at once when ingest was quiet, not after the round wait', async () => {
    const deviceId = gateway.devices[1] ?? '';
    const rowId = gateway.deviceRows.get(deviceId) ?? '';
    const log = pino({ level: 'silent' });
    const runtime = await start();
    let evaluated: (readings: ResolvedReading[]) => void = () => undefined;
    const seen = new Promise<ResolvedReading[]>((resolve) => {
      evaluated = resolve;
    });
    const followUp = createFollowUp({
      db: database.db,
      owner: 'quiet-instance',
      doors: runtime.doors,
      alarms: {
        evaluate(readings) {
          evaluated(readings);
          return Promise.resolve();
        },
        devicesRecovered: () => Promise.resolve(),
      },
      events: runtime.ingest.events,
      metrics: runtime.ingest.metrics,
      log,
      // Were a round to wait for this, the test would time out.
      roundWaitMs: 3_600_000,
    });
    await followUp.start();
    const writer = createBatchWriter({
      db: database.db,
      batchSize: 100,
      flushMs: 1,
      concurrency: 1,
      log,
      owner: 'quiet-instance',
      onCommitted: (committed) => {
        followUp.push(committed);
      },
    });
    const tsMs = Date.now() - 60_000;
    await writer.write([
      {
        deviceKey: deviceId,
        deviceUuid: rowId,
        accountId: gateway.accountId,
        tsMs,
        values: readingColumns.map((column) => (column.field === 't' ? 6.5 : null)),
        extra: null,
      },
    ]);
    expect((await seen).map((reading) => reading.tsMs)).toEqual([tsMs]);
    await writer.close();
    await followUp.close();
    await runtime.close();
    expect(await followUps()).toBe(0);
  });

  it('does not let a device deleted before its follow-up hold up the others', async () => {
    const { account } = await createAccountWithOwner(database.db, 'Gone Lab', 'o@gone.example');
    const other = await insertGateway(database.db, account.id, { deviceCount: 2 });
    const [goneKey = '', keptKey = ''] = other.devices;
    const gone = other.deviceRows.get(goneKey) ?? '';
    const kept = other.deviceRows.get(keptKey) ?? '';
    const log = pino({ level: 'silent' });
    const writer = createBatchWriter({
      db: database.db,
      batchSize: 100,
      flushMs: 1,
      concurrency: 1,
      log,
      owner: 'instance-that-died-too',
      onCommitted: () => undefined,
    });
    const base = Date.now() - 10 * 60_000;
    const reading = (key: string, uuid: string, field: string, i: number): ResolvedReading => ({
      deviceKey: key,
      deviceUuid: uuid,
      accountId: account.id,
      tsMs: base + i * 30_000,
      values: readingColumns.map((column) => (column.field === field ? 1 : null)),
      extra: null,
    });
    // A door opening of a device deleted before its follow-up could store it.
    await writer.write([reading(goneKey, gone, 'd', 0), reading(keptKey, kept, 't', 0)]);
    await writer.close();
    await database.db.execute(sql`delete from devices where id = ${gone}`);
    const runtime = await start();
    const survivor = createFollowUp({
      db: database.db,
      owner: 'survivor',
      doors: runtime.doors,
      alarms: runtime.alarms.engine,
      events: runtime.ingest.events,
      metrics: runtime.ingest.metrics,
      log,
      orphanAfterMs: 0,
    });
    await survivor.start();
    await survivor.close(60_000);
    await runtime.close();
    expect(await followUps()).toBe(0);
    expect(await rolledUp('reading_rollups_1m', kept)).toBe(1);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sweepAlarms, sweepOfflineAlarms } from '../../src/modules/alarms/engine/sweep.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { alarmEvents, alarms, devices, offlineAlarmSettings } from '../../src/db/schema/index.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import {
  eventsOf,
  insertAlarm,
  notifyJobs,
  publishReadings,
  sweepDeps,
} from '../helpers/alarm-engine.js';
import { createAccountWithOwner, demo } from '../helpers/fixtures.js';
import {
  accountOf,
  connectGateway,
  createIngestApp,
  insertGateway,
  type IngestTestApp,
} from '../helpers/ingest.js';
import { TestSocket } from '../helpers/sockets.js';
import { freshDatabase, login } from '../helpers/test-app.js';

let test: IngestTestApp;
let accountId: string;
const db = () => test.runtime.ctx.db;
const ctx = () => test.runtime.ctx;
const clients: MqttClient[] = [];
const sockets: TestSocket[] = [];
const minute = 60_000;

beforeAll(async () => {
  test = await createIngestApp();
  accountId = await accountOf(db(), demo.owner);
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await Promise.all(clients.splice(0).map((client) => client.endAsync()));
});
afterAll(async () => {
  await test.close();
});

const base = Date.now() - 30 * minute;
const iso = (seconds: number) => new Date(base + seconds * 1000).toISOString();

/** A fresh device of `account` with one alarm, and a function sending its readings. */
async function watched(alarm: Record<string, unknown>, account = accountId) {
  const gateway = await insertGateway(db(), account, { deviceCount: 1 });
  const deviceId = gateway.devices[0] ?? '';
  const rowId = gateway.deviceRows.get(deviceId) ?? '';
  const alarmId = await insertAlarm(ctx(), { accountId: account, deviceId: rowId, ...alarm });
  const client = await connectGateway(test.brokerUrl, gateway);
  clients.push(client);
  const send = (...samples: [seconds: number, data: Record<string, unknown>][]) =>
    publishReadings(
      client,
      gateway,
      samples.map(([seconds, data]) => ({ deviceId, ts: iso(seconds), data })),
    );
  return { rowId, alarmId, send, gateway };
}

const at = (raisedAt: string, minutes: number) => new Date(Date.parse(raisedAt) + minutes * minute);

describe('the minute sweep of open alarms', () => {
  it('repeats every frequency until acknowledged, and escalates once', async () => {
    const { rowId, send } = await watched({ tempEnabled: true, maxTemp: 8, frequency: 15 });
    await send([0, { t: 12 }]);
    const [event] = await eventsOf(db(), rowId);
    const id = event?.id ?? '';
    const raised = event?.raised_at ?? '';
    const deps = sweepDeps(ctx());
    await sweepAlarms(deps, at(raised, 14));
    expect(await notifyJobs(db(), [id])).toEqual([[id, 'raised', 1]]);
    await sweepAlarms(deps, at(raised, 15));
    await sweepAlarms(deps, at(raised, 16)); // counted from the last notification
    await sweepAlarms(deps, at(raised, 30));
    await sweepAlarms(deps, at(raised, 60));
    await sweepAlarms(deps, at(raised, 61));
    expect(await notifyJobs(db(), [id])).toEqual([
      [id, 'raised', 1],
      [id, 'repeat', 1],
      [id, 'repeat', 2],
      [id, 'repeat', 3],
      [id, 'escalated', 1],
    ]);
    const [after] = await eventsOf(db(), rowId);
    expect(after?.notified_count).toBe(4);
    expect(after?.escalated_at).toBe(at(raised, 60).toISOString());

    await db()
      .update(alarmEvents)
      .set({ acknowledgedAt: at(raised, 62) })
      .where(eq(alarmEvents.id, id));
    await sweepAlarms(deps, at(raised, 120));
    expect(await notifyJobs(db(), [id])).toHaveLength(5);
  });

  it('one-time alarms are notified once (and still escalate)', async () => {
    const { rowId, send } = await watched({ tempEnabled: true, maxTemp: 8, oneTime: true });
    await send([0, { t: 12 }]);
    const [event] = await eventsOf(db(), rowId);
    const id = event?.id ?? '';
    const deps = sweepDeps(ctx());
    await sweepAlarms(deps, at(event?.raised_at ?? '', 45));
    await sweepAlarms(deps, at(event?.raised_at ?? '', 60));
    expect(await notifyJobs(db(), [id])).toEqual([
      [id, 'raised', 1],
      [id, 'escalated', 1],
    ]);
  });

  it('clears, without notifying, the open events of an alarm disabled or deleted', async () => {
    const disabled = await watched({ tempEnabled: true, maxTemp: 8 });
    const deleted = await watched({ tempEnabled: true, maxTemp: 8 });
    await disabled.send([0, { t: 12 }]);
    await deleted.send([0, { t: 12 }]);
    await db().update(alarms).set({ enable: false }).where(eq(alarms.id, disabled.alarmId));
    await db().delete(alarms).where(eq(alarms.id, deleted.alarmId));
    const counts = await sweepAlarms(sweepDeps(ctx()), new Date());
    expect(counts.cleared).toBeGreaterThanOrEqual(2);
    for (const { rowId } of [disabled, deleted]) {
      const [event] = await eventsOf(db(), rowId);
      expect(event?.cleared_at).not.toBeNull();
      expect(await notifyJobs(db(), [event?.id ?? ''])).toEqual([[event?.id, 'raised', 1]]);
    }
  });

  it('raises a door left open past its allowance even when it stops reporting', async () => {
    const { rowId, send } = await watched({ doorEnabled: true, doorOpenMinutes: 5 });
    await send([0, { d: 1 }], [60, { d: 1 }]);
    const deps = sweepDeps(ctx());
    await sweepAlarms(deps, new Date(base + 4 * minute));
    expect(await eventsOf(db(), rowId)).toEqual([]);
    await sweepAlarms(deps, new Date(base + 5 * minute));
    await sweepAlarms(deps, new Date(base + 6 * minute));
    const events = await eventsOf(db(), rowId);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'door',
        value: 1,
        reading_ts: iso(60),
        out_of_range_since: iso(0),
        cleared_at: null,
      }),
    ]);
    await send([400, { d: 0 }]);
    const [closed] = await eventsOf(db(), rowId);
    expect(closed?.cleared_at).not.toBeNull();
    const id = closed?.id ?? '';
    expect(await notifyJobs(db(), [id])).toEqual([
      [id, 'raised', 1],
      [id, 'cleared', 1],
    ]);
  });
});

describe('offline alarms', () => {
  it('fire after the ttl, repeat per frequency up to maxAlarms, and clear when the device reports', async () => {
    const other = await createAccountWithOwner(db(), 'Offline Lab', 'owner@offline-alarms.example');
    const account = other.account.id;
    // insertAccount made the account's settings (off): switch them on.
    await db()
      .update(offlineAlarmSettings)
      .set({ offlineAlarmEnable: true, maxAlarms: 24, alarmFrequency: 60 })
      .where(eq(offlineAlarmSettings.accountId, account));
    const gateway = await insertGateway(db(), account, { deviceCount: 2, ttl: 60 });
    const [first = '', second = ''] = gateway.devices;
    const rows = gateway.devices.map((device) => gateway.deviceRows.get(device) ?? '');
    const [firstRow = '', secondRow = ''] = rows;
    await db().update(devices).set({ offlineAlarmFrequency: 30 }).where(eq(devices.id, secondRow));
    const client = await connectGateway(test.brokerUrl, gateway);
    clients.push(client);
    const seen = new Date(Date.now() - 1000);
    await publishReadings(client, gateway, [
      { deviceId: first, ts: seen.toISOString(), data: { t: 5 } },
      { deviceId: second, ts: seen.toISOString(), data: { t: 5 } },
    ]);
    const after = (minutes: number) => new Date(seen.getTime() + minutes * minute);
    const deps = sweepDeps(ctx());
    const socket = new TestSocket(
      test.runtime.url ?? '',
      (await login(test.app, 'owner@offline-alarms.example')).jwt,
    );
    sockets.push(socket);
    await socket.connect();

    expect((await sweepOfflineAlarms(deps, after(59))).raised).toBe(0);
    expect((await sweepOfflineAlarms(deps, after(60))).raised).toBe(2);
    expect((await sweepOfflineAlarms(deps, after(61))).raised).toBe(0);
    const [offline] = await eventsOf(db(), firstRow);
    expect(offline).toMatchObject({
      alarm_id: null,
      type: 'offline',
      reading_ts: seen.toISOString(),
      cleared_at: null,
    });
    expect(await socket.next('newAlarm', (payload) => payload.deviceId === firstRow)).toEqual({
      deviceId: firstRow,
      alarmId: null,
      alarmType: 'offline',
      eventId: offline?.id,
      deviceName: expect.any(String),
      alarmName: null,
      value: null,
      min: null,
      max: null,
    });
    // The map hears of it from the device's status, not a second time from the alarm: the second
    // device's events follow the first's on the same socket, so a map toast would be here by now.
    await socket.next('alarmData', (payload) => payload.deviceId === secondRow);
    expect(socket.received.filter((item) => item.event === 'mapNotification')).toEqual([]);

    // The account's 60 minutes for the first, the device's own 30 for the second.
    await sweepOfflineAlarms(deps, after(90));
    await sweepOfflineAlarms(deps, after(120));
    const [secondEvent] = await eventsOf(db(), secondRow);
    const ids = [offline?.id ?? '', secondEvent?.id ?? ''];
    const sorted = async () => (await notifyJobs(db(), ids)).map((job) => job.join(' ')).sort();
    // Escalated too: unacknowledged for the account's 60 escalation minutes.
    expect(await sorted()).toEqual(
      [
        [ids[0], 'raised', 1],
        [ids[0], 'repeat', 1],
        [ids[0], 'escalated', 1],
        [ids[1], 'raised', 1],
        [ids[1], 'repeat', 1],
        [ids[1], 'repeat', 2],
        [ids[1], 'escalated', 1],
      ]
        .map((job) => job.join(' '))
        .sort(),
    );
    // One-time (maxAlarms 1): no more repeats.
    await db()
      .update(offlineAlarmSettings)
      .set({ maxAlarms: 1 })
      .where(eq(offlineAlarmSettings.accountId, account));
    await sweepOfflineAlarms(deps, after(240));
    expect(await notifyJobs(db(), ids)).toHaveLength(7);

    // The first reports again: ingest clears it at once (the offline sweep had marked it inactive).
    await db().update(devices).set({ status: 'inactive' }).where(eq(devices.id, firstRow));
    await publishReadings(client, gateway, [
      { deviceId: first, ts: new Date().toISOString(), data: { t: 5 } },
    ]);
    expect(
      await socket.next('removeAlarm', (payload) => payload.deviceId === firstRow),
    ).toMatchObject({ alarmType: 'offline' });
    expect((await eventsOf(db(), firstRow))[0]?.cleared_at).not.toBeNull();
    // The second's last reading is recent at `seen`: the sweep clears what ingest did not.
    expect((await sweepOfflineAlarms(deps, after(1))).cleared).toBe(1);
    expect(await notifyJobs(db(), ids)).toEqual(
      expect.arrayContaining([
        [ids[0], 'cleared', 1],
        [ids[1], 'cleared', 1],
      ]),
    );
  });
});

describe('a restart', () => {
  let database: Database;
  let dataDir: string;
  beforeAll(async () => {
    database = await freshDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-alarm-restart-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

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
    // The same data, a new process's memory: the database outlives the runtime.
    const runtime = await createRuntime(config, pino({ level: 'silent' }), {
      ...database,
      close: () => Promise.resolve(),
    });
    await runtime.listen();
    return runtime;
  }

  it('loses no pending delay and duplicates no event or notification', async () => {
    const { account } = await createAccountWithOwner(
      database.db,
      'Restart Lab',
      'o@restart.example',
    );
    const gateway = await insertGateway(database.db, account.id, { deviceCount: 2 });
    const [slow = '', fast = ''] = gateway.devices;
    const slowRow = gateway.deviceRows.get(slow) ?? '';
    const fastRow = gateway.deviceRows.get(fast) ?? '';
    let runtime = await start();
    const range = { accountId: account.id, tempEnabled: true, minTemp: 2, maxTemp: 8 };
    await insertAlarm(runtime.ctx, { ...range, deviceId: slowRow, delay: 300 });
    await insertAlarm(runtime.ctx, { ...range, deviceId: fastRow });
    const reading = (deviceId: string, seconds: number, t: number) => ({
      deviceId,
      ts: iso(seconds),
      data: { t },
    });
    let client = await connectGateway(runtime.mqttUrl ?? '', gateway);
    await publishReadings(client, gateway, [reading(slow, 0, 9), reading(fast, 0, 9)]);
    await publishReadings(client, gateway, [reading(slow, 100, 9), reading(fast, 100, 9.5)]);
    await client.endAsync();
    await runtime.close();

    runtime = await start();
    client = await connectGateway(runtime.mqttUrl ?? '', gateway);
    // Redelivered, then a late one, then the slow one's delay elapses.
    await publishReadings(client, gateway, [reading(slow, 100, 9), reading(fast, 100, 9.5)]);
    await publishReadings(client, gateway, [reading(fast, 50, 5)]);
    await publishReadings(client, gateway, [reading(slow, 300, 9.1), reading(fast, 300, 9)]);
    await client.endAsync();
    await runtime.close();

    const slowEvents = await eventsOf(database.db, slowRow);
    const fastEvents = await eventsOf(database.db, fastRow);
    expect(slowEvents).toEqual([
      expect.objectContaining({ reading_ts: iso(300), out_of_range_since: iso(0), value: 9.1 }),
    ]);
    expect(fastEvents).toEqual([
      expect.objectContaining({ reading_ts: iso(0), cleared_at: null, value: 9 }),
    ]);
    const ids = [slowEvents[0]?.id ?? '', fastEvents[0]?.id ?? ''];
    expect(await notifyJobs(database.db, ids)).toEqual(
      expect.arrayContaining([
        [ids[0], 'raised', 1],
        [ids[1], 'raised', 1],
      ]),
    );
    expect(await notifyJobs(database.db, ids)).toHaveLength(2);
    const [watermark] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from alarm_conditions where last_reading_ts = ${iso(300)}`,
    );
    expect(watermark?.n).toBe(2);
  });
});

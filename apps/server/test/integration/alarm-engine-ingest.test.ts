import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../src/db/schema/index.js';
import { readingColumns } from '../../src/ingest/columns.js';
import { demo } from '../helpers/fixtures.js';
import { eventsOf, insertAlarm, notifyJobs, publishReadings } from '../helpers/alarm-engine.js';
import {
  accountOf,
  connectGateway,
  createIngestApp,
  insertGateway,
  type IngestTestApp,
  type TestGateway,
} from '../helpers/ingest.js';
import { TestSocket } from '../helpers/sockets.js';
import { login } from '../helpers/test-app.js';

let test: IngestTestApp;
let accountId: string;
let ownerToken: string;
const db = () => test.runtime.ctx.db;
const clients: MqttClient[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  test = await createIngestApp();
  accountId = await accountOf(db(), demo.owner);
  ownerToken = (await login(test.app, demo.owner)).jwt;
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await Promise.all(clients.splice(0).map((client) => client.endAsync()));
});
afterAll(async () => {
  await test.close();
});

const base = Date.now() - 30 * 60_000;
const iso = (seconds: number) => new Date(base + seconds * 1000).toISOString();

/** A fresh device with a fridge alarm (2-8 °C) and its gateway's MQTT client. */
async function fridge(alarm: { delay?: number; oneTime?: boolean } = {}) {
  const gateway = await insertGateway(db(), accountId, { deviceCount: 1 });
  const deviceId = gateway.devices[0] ?? '';
  const rowId = gateway.deviceRows.get(deviceId) ?? '';
  const alarmId = await insertAlarm(test.runtime.ctx, {
    accountId,
    deviceId: rowId,
    tempEnabled: true,
    minTemp: 2,
    maxTemp: 8,
    ...alarm,
  });
  const client = await connectGateway(test.brokerUrl, gateway);
  clients.push(client);
  const send = (...samples: [seconds: number, t: number][]) =>
    publishReadings(
      client,
      gateway,
      samples.map(([seconds, t]) => ({ deviceId, ts: iso(seconds), data: { t, h: 40 } })),
    );
  return { gateway, deviceId, rowId, alarmId, send };
}

describe('the alarm engine on the ingest path', () => {
  it('keeps the worst value of an excursion with its event, as readings arrive and as it clears', async () => {
    const { rowId, send } = await fridge();
    await send([0, 9.5]);
    await send([10, 11], [20, 10]);
    expect((await eventsOf(db(), rowId))[0]).toMatchObject({ value: 9.5, peak_value: 11 });
    await send([30, 10.5]);
    expect((await eventsOf(db(), rowId))[0]?.peak_value).toBe(11);
    await send([40, 12.5], [50, 5]);
    const [event] = await eventsOf(db(), rowId);
    expect(event).toMatchObject({ value: 9.5, peak_value: 12.5, cleared_at: expect.any(String) });
  });

  it('raises one event and one notify job once followed up; a redelivery raises nothing new', async () => {
    const { rowId, alarmId, send } = await fridge();
    await send([0, 5], [10, 9.5]);
    const events = await eventsOf(db(), rowId);
    expect(events).toEqual([
      expect.objectContaining({
        alarm_id: alarmId,
        type: 'temperature',
        value: 9.5,
        min: 2,
        max: 8,
        reading_ts: iso(10),
        out_of_range_since: iso(10),
        cleared_at: null,
        notified_count: 1,
      }),
    ]);
    const id = events[0]?.id ?? '';
    expect(await notifyJobs(db(), [id])).toEqual([[id, 'raised', 1]]);

    await send([0, 5], [10, 9.5]); // the same message again
    await send([20, 10], [30, 11]); // still out of range
    expect(await eventsOf(db(), rowId)).toHaveLength(1);
    expect(await notifyJobs(db(), [id])).toEqual([[id, 'raised', 1]]);
  });

  it('a message stored but not evaluated before a crash raises when it comes again', async () => {
    const { deviceId, rowId, send } = await fridge();
    // The readings are durable but the process died before evaluating them (no PUBACK).
    await test.runtime.ingest.writer.write([
      {
        deviceKey: deviceId,
        tsMs: Date.parse(iso(0)),
        values: readingColumns.map((column) => (column.field === 't' ? 9 : null)),
        extra: null,
        deviceUuid: rowId,
        accountId,
      },
    ]);
    expect(await eventsOf(db(), rowId)).toEqual([]);
    await send([0, 9]);
    expect(await eventsOf(db(), rowId)).toEqual([
      expect.objectContaining({ reading_ts: iso(0), value: 9 }),
    ]);
  });

  it('exactly at the threshold and -255 never raise', async () => {
    const { rowId, send } = await fridge();
    await send([0, 8], [10, 2], [20, -255]);
    expect(await eventsOf(db(), rowId)).toEqual([]);
  });

  it('recovery clears the event and enqueues cleared; a late reading changes nothing', async () => {
    const { rowId, send } = await fridge();
    await send([0, 12]);
    const [raised] = await eventsOf(db(), rowId);
    // Backfilled from before the excursion: never clears it in the past.
    await send([-60, 5]);
    expect((await eventsOf(db(), rowId))[0]?.cleared_at).toBeNull();
    await send([60, 5]);
    const [cleared] = await eventsOf(db(), rowId);
    expect(cleared?.cleared_at).not.toBeNull();
    expect(await notifyJobs(db(), [raised?.id ?? ''])).toEqual([
      [raised?.id, 'raised', 1],
      [raised?.id, 'cleared', 1],
    ]);
    // A new excursion is a new event.
    await send([120, 1]);
    expect((await eventsOf(db(), rowId)).map((event) => event.cleared_at === null)).toEqual([
      false,
      true,
    ]);
  });

  it('delay: raised only once out of range that long, from the first reading out', async () => {
    const { rowId, send } = await fridge({ delay: 300 });
    await send([0, 9], [200, 9]);
    expect(await eventsOf(db(), rowId)).toEqual([]);
    await send([250, 5], [260, 9], [500, 9]);
    expect(await eventsOf(db(), rowId)).toEqual([]);
    await send([560, 9.2]);
    expect(await eventsOf(db(), rowId)).toEqual([
      expect.objectContaining({ reading_ts: iso(560), out_of_range_since: iso(260), value: 9.2 }),
    ]);
  });

  it('flapping within the frequency stores each excursion but notifies it once', async () => {
    const { rowId, send } = await fridge();
    await send([0, 9], [60, 5], [120, 9], [180, 5]);
    const events = await eventsOf(db(), rowId);
    expect(events.map((event) => event.notified_count)).toEqual([1, 0]);
    const jobs = await notifyJobs(
      db(),
      events.map((event) => event.id),
    );
    expect(jobs.map(([, occasion]) => occasion)).toEqual(['raised', 'cleared']);
  });

  it('tells the device audience: newAlarm, alarmData and mapNotification, then removeAlarm', async () => {
    const { rowId, alarmId, send } = await fridge();
    const socket = new TestSocket(test.runtime.url ?? '', ownerToken);
    sockets.push(socket);
    await socket.connect();
    await send([0, 20]);
    const [event] = await eventsOf(db(), rowId);
    const alarm = { deviceId: rowId, alarmId, alarmType: 'temperature' };
    // The toast's details: the event, the device, the raising value and the thresholds.
    expect(await socket.next('newAlarm', (payload) => payload.deviceId === rowId)).toEqual({
      ...alarm,
      eventId: event?.id,
      deviceName: expect.any(String),
      alarmName: 'Fridge alarm',
      value: 20,
      min: 2,
      max: 8,
    });
    expect(await socket.next('alarmData', (payload) => payload.deviceId === rowId)).toEqual({
      ...alarm,
      state: 'raised',
    });
    expect(await socket.next('mapNotification', (payload) => payload.id === event?.id)).toEqual({
      id: event?.id,
      deviceDBId: rowId,
      status: 'error',
      type: 'alarm',
      alarmType: 'temperature',
      msg: 'Fridge alarm on Device 1: temperature out of range (20)',
    });
    await send([10, 5]);
    expect(await socket.next('removeAlarm', (payload) => payload.deviceId === rowId)).toEqual(
      alarm,
    );
    expect(
      await socket.next(
        'mapNotification',
        (payload) => payload.id === event?.id && payload.status === 'success',
      ),
    ).toMatchObject({
      type: 'alarm',
      msg: 'Fridge alarm on Device 1: temperature back in range (5)',
    });
  });

  it('spill with an inverted signal, and a disabled alarm is not evaluated', async () => {
    const gateway: TestGateway = await insertGateway(db(), accountId, { deviceCount: 1 });
    const deviceId = gateway.devices[0] ?? '';
    const rowId = gateway.deviceRows.get(deviceId) ?? '';
    await db().update(devices).set({ invertWaterSignal: true }).where(eq(devices.id, rowId));
    await insertAlarm(test.runtime.ctx, { accountId, deviceId: rowId, waterEnabled: true });
    await insertAlarm(test.runtime.ctx, {
      accountId,
      deviceId: rowId,
      enable: false,
      tempEnabled: true,
      maxTemp: 0,
    });
    const client = await connectGateway(test.brokerUrl, gateway);
    clients.push(client);
    await publishReadings(client, gateway, [
      { deviceId, ts: iso(0), data: { w: 1, t: 20 } },
      { deviceId, ts: iso(10), data: { w: 0, t: 20 } },
    ]);
    expect((await eventsOf(db(), rowId)).map((event) => [event.type, event.value])).toEqual([
      ['water', 0],
    ]);
  });
});

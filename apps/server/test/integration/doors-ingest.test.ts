import { topics, type DoorOpening } from '@vigil/contracts';
import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { devices, locations } from '../../src/db/schema/index.js';
import { demo } from '../helpers/fixtures.js';
import {
  accountOf,
  connectGateway,
  createIngestApp,
  insertGateway,
  readingCount,
  series,
  type IngestTestApp,
  type TestGateway,
} from '../helpers/ingest.js';
import { followedUp } from '../helpers/test-app.js';

let test: IngestTestApp;
let accountId: string;
const db = () => test.runtime.ctx.db;
const announced: { accountId: string; opening: DoorOpening }[] = [];

beforeAll(async () => {
  test = await createIngestApp();
  accountId = await accountOf(db(), demo.owner);
  test.runtime.ingest.events.on('door', (event) => announced.push(event));
});
afterAll(async () => {
  await test.close();
});

type DoorRow = { opened_at: Date | string; closed_at: Date | string | null; usr: string | null };

async function doorRows(deviceRowId: string) {
  const rows = await queryRows<DoorRow>(
    db(),
    sql`select opened_at, closed_at, usr from door_events
      where device_id = ${deviceRowId} order by opened_at`,
  );
  return rows.map((row) => ({
    openedAt: new Date(row.opened_at).toISOString(),
    closedAt: row.closed_at === null ? null : new Date(row.closed_at).toISOString(),
    usr: row.usr,
  }));
}

/** A door gateway: its first device is a door sensor in the location "Cold Room Door". */
async function doorGateway() {
  const gateway = await insertGateway(db(), accountId);
  const deviceId = gateway.devices[0]!;
  const rowId = gateway.deviceRows.get(deviceId)!;
  const [location] = await db()
    .insert(locations)
    .values({ accountId, name: 'Cold Room Door' })
    .returning({ id: locations.id });
  await db()
    .update(devices)
    .set({ locationId: location!.id, name: 'Lab door' })
    .where(eq(devices.id, rowId));
  return { gateway, deviceId, rowId };
}

const base = Date.now() - 60 * 60_000;
/** The time `seconds` after `base`, as the gateway and the database write it. */
const iso = (seconds: number) => new Date(base + seconds * 1000).toISOString();
const door = (deviceId: string, seconds: number, d: number, extra: object = {}) => ({
  deviceId,
  ts: iso(seconds),
  data: { d, t: 4.2, b: 90, m: 3, ...extra },
});

/** Publishes readings and waits for their follow-up (door events come after the PUBACK). */
async function publish(client: MqttClient, gateway: TestGateway, readings: object[]) {
  await client.publishAsync(topics.up(gateway.gatewayId), JSON.stringify({ readings }), {
    qos: 1,
  });
  await followedUp();
}

describe('door openings from readings', () => {
  it('opens on d=1 and closes on d=0, stored and announced with names', async () => {
    const { gateway, deviceId, rowId } = await doorGateway();
    const client = await connectGateway(test.brokerUrl, gateway);
    const order: string[] = [];
    const onDoor = () => order.push('door');
    test.runtime.ingest.events.on('door', onDoor);
    client.on('packetreceive', (packet) => {
      if (packet.cmd === 'puback') order.push('puback');
    });
    announced.length = 0;

    await publish(client, gateway, [
      door(deviceId, 0, 0),
      door(deviceId, 10, 1, { usr: 'door-0042' }),
      door(deviceId, 20, 1),
    ]);
    expect(await doorRows(rowId)).toEqual([
      { openedAt: iso(10), closedAt: null, usr: 'door-0042' },
    ]);
    // The acknowledgement waits only for the reading; its door event follows (follow-up.ts),
    // so the two may come in either order.
    expect([...order].sort()).toEqual(['door', 'puback']);
    expect(announced).toEqual([
      {
        accountId,
        opening: {
          id: expect.any(String),
          deviceDbId: rowId,
          deviceId,
          deviceName: 'Lab door',
          location: 'Cold Room Door',
          // The demo viewer's linked door-lock user id is door-0042.
          user: 'Victor Viewer',
          timeOpened: iso(10),
          timeClosed: null,
          createdAt: expect.any(String),
        },
      },
    ]);

    await publish(client, gateway, [door(deviceId, 30, 1), door(deviceId, 40, 0)]);
    expect(await doorRows(rowId)).toEqual([
      { openedAt: iso(10), closedAt: iso(40), usr: 'door-0042' },
    ]);
    expect(announced.at(-1)?.opening).toMatchObject({
      id: announced[0]?.opening.id,
      timeOpened: iso(10),
      timeClosed: iso(40),
    });
    expect(announced).toHaveLength(2);
    test.runtime.ingest.events.off('door', onDoor);
    await client.endAsync();
  });

  it('stores a message sent twice (a lost PUBACK) once, and announces it once', async () => {
    const { gateway, deviceId, rowId } = await doorGateway();
    const payload = [door(deviceId, 100, 1), door(deviceId, 110, 0), door(deviceId, 120, 1)];
    const first = await connectGateway(test.brokerUrl, gateway);
    announced.length = 0;
    await publish(first, gateway, payload);
    await first.endAsync();
    const second = await connectGateway(test.brokerUrl, gateway);
    await second.publishAsync(topics.up(gateway.gatewayId), JSON.stringify({ readings: payload }), {
      qos: 1,
      dup: true,
    });
    await second.endAsync();
    await followedUp();
    expect(await doorRows(rowId)).toEqual([
      { openedAt: iso(100), closedAt: iso(110), usr: null },
      { openedAt: iso(120), closedAt: null, usr: null },
    ]);
    expect(announced.map((event) => event.opening.timeOpened)).toEqual([iso(100), iso(120)]);
  });

  it('keeps a known opening when late readings arrive, and counts the new ones', async () => {
    const { gateway, deviceId, rowId } = await doorGateway();
    const client = await connectGateway(test.brokerUrl, gateway);
    await publish(client, gateway, [door(deviceId, 200, 1), door(deviceId, 260, 0)]);
    await publish(client, gateway, [door(deviceId, 300, 1)]);
    // A gateway back from an outage: readings older than the open event, then newer ones.
    await publish(client, gateway, [
      door(deviceId, 150, 0),
      door(deviceId, 230, 0),
      door(deviceId, 290, 0),
    ]);
    expect(await doorRows(rowId)).toEqual([
      { openedAt: iso(200), closedAt: iso(260), usr: null },
      { openedAt: iso(300), closedAt: null, usr: null },
    ]);
    await publish(client, gateway, [
      door(deviceId, 280, 1),
      door(deviceId, 310, 2),
      door(deviceId, 320, 0),
    ]);
    expect(await doorRows(rowId)).toEqual([
      { openedAt: iso(200), closedAt: iso(260), usr: null },
      { openedAt: iso(300), closedAt: iso(320), usr: null },
    ]);
    await client.endAsync();
  });

  it('ignores readings without an open or closed door (-255, 2, absent) and other devices', async () => {
    const { gateway, deviceId, rowId } = await doorGateway();
    const other = gateway.devices[1]!;
    const client = await connectGateway(test.brokerUrl, gateway);
    await publish(client, gateway, [
      door(deviceId, 400, -255),
      door(deviceId, 405, 2),
      ...series(other, 5, base + 400_000),
      { deviceId, ts: iso(410), data: { t: 4 } },
    ]);
    await client.endAsync();
    expect(await readingCount(db(), rowId)).toBe(3);
    expect(await doorRows(rowId)).toEqual([]);
    expect(await doorRows(gateway.deviceRows.get(other)!)).toEqual([]);
  });

  it('acknowledges once the reading is durable, and stores its door event when the database takes it again', async () => {
    const { gateway, deviceId, rowId } = await doorGateway();
    const payload = JSON.stringify({ readings: [door(deviceId, 500, 1)] });
    await db().execute(sql`alter table door_events rename to door_events_away`);
    const client = await connectGateway(test.brokerUrl, gateway);
    await client.publishAsync(topics.up(gateway.gatewayId), payload, { qos: 1 });
    await client.endAsync();
    // The reading is durable and its follow-up row waits, retried, for the door events table.
    expect(await readingCount(db(), rowId)).toBe(1);
    const [away] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from door_events_away where device_id = ${rowId}`,
    );
    expect(away?.n).toBe(0);
    const [waiting] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from reading_follow_ups where ${rowId}::uuid = any(device_ids)`,
    );
    expect(waiting?.n).toBe(1);
    await db().execute(sql`alter table door_events_away rename to door_events`);
    await followedUp();
    expect(await doorRows(rowId)).toEqual([{ openedAt: iso(500), closedAt: null, usr: null }]);
    const [left] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from reading_follow_ups where ${rowId}::uuid = any(device_ids)`,
    );
    expect(left?.n).toBe(0);
  });
});

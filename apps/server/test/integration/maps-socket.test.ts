import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deviceUsers, devices } from '../../src/db/schema/index.js';
import { sweepOfflineDevices } from '../../src/modules/devices/offline-sweep.js';
import { eventsOf, insertAlarm, publishReadings } from '../helpers/alarm-engine.js';
import { demo, userIdOf } from '../helpers/fixtures.js';
import {
  accountOf,
  connectGateway,
  createIngestApp,
  insertGateway,
  type IngestTestApp,
} from '../helpers/ingest.js';
import { placedDevice, uploadMap as uploadMapVia } from '../helpers/maps.js';
import { TestSocket } from '../helpers/sockets.js';
import { login } from '../helpers/test-app.js';

let test: IngestTestApp;
let accountId: string;
let owner: Record<string, string>;
let ownerToken: string;
let viewerToken: string;
const db = () => test.runtime.ctx.db;
const clients: MqttClient[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  test = await createIngestApp();
  accountId = await accountOf(db(), demo.owner);
  const ownerSession = await login(test.app, demo.owner);
  owner = ownerSession.headers;
  ownerToken = ownerSession.jwt;
  viewerToken = (await login(test.app, demo.viewer)).jwt;
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await Promise.all(clients.splice(0).map((client) => client.endAsync()));
});
afterAll(async () => {
  await test.close();
});

const uploadMap = (title: string) => uploadMapVia(test.app, owner, title);
const save = (body: object) =>
  test.app.inject({ method: 'POST', url: '/api/map', headers: owner, payload: body });
const listMaps = async () => {
  const response = await test.app.inject({ method: 'GET', url: '/api/map', headers: owner });
  return response.json().data as Record<string, unknown>[];
};

describe('the map socket', () => {
  it('sends mapLiveData for placed devices and mapNotification on online, alarm, recovery and offline', async () => {
    const gateway = await insertGateway(db(), accountId, { deviceCount: 3 });
    const [placed, assigned, unplaced] = gateway.devices.map(
      (id) => gateway.deviceRows.get(id) ?? '',
    );
    const viewerId = await userIdOf(db(), demo.viewer);
    await db()
      .insert(deviceUsers)
      .values({ deviceId: assigned ?? '', userId: viewerId });
    const map = await uploadMap('Live floor');
    const saved = await save({
      id: map.id,
      device_settings: [placedDevice(placed ?? '', null), placedDevice(assigned ?? '', null, 40)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await insertAlarm(test.runtime.ctx, {
      accountId,
      deviceId: placed ?? '',
      tempEnabled: true,
      minTemp: 2,
      maxTemp: 8,
    });
    const ownerSocket = new TestSocket(test.runtime.url ?? '', ownerToken, { timeValue: '0' });
    const viewerSocket = new TestSocket(test.runtime.url ?? '', viewerToken, { timeValue: '0' });
    sockets.push(ownerSocket, viewerSocket);
    await Promise.all([ownerSocket.connect(), viewerSocket.connect()]);
    const client = await connectGateway(test.brokerUrl, gateway);
    clients.push(client);
    const at = Date.now() - 60_000;
    const send = (deviceIndex: number, seconds: number, t: number) =>
      publishReadings(client, gateway, [
        {
          deviceId: gateway.devices[deviceIndex] ?? '',
          ts: new Date(at + seconds * 1000).toISOString(),
          data: { t, h: 41, c: 0.3 },
        },
      ]);

    await send(2, 0, 5); // not on a map: nothing
    await send(0, 0, 5);
    expect(
      await ownerSocket.next(
        'mapNotification',
        (p) => p.deviceDBId === placed && p.type === 'offline',
      ),
    ).toMatchObject({ status: 'success', alarmType: 'offline', msg: 'Device 1 is back online' });
    expect(await ownerSocket.next('mapLiveData', (p) => p.deviceDBId === placed)).toEqual({
      deviceDBId: placed,
      deviceId: gateway.devices[0],
      createdAt: new Date(at).toISOString(),
      temperature: 5,
      carbon: 0.3,
      humidity: 41,
    });

    await send(0, 10, 20);
    const [event] = await eventsOf(db(), placed ?? '');
    expect(
      await ownerSocket.next(
        'mapNotification',
        (p) => p.deviceDBId === placed && p.type === 'alarm',
      ),
    ).toEqual({
      id: event?.id,
      deviceDBId: placed,
      status: 'error',
      type: 'alarm',
      alarmType: 'temperature',
      msg: 'Fridge alarm on Device 1: temperature out of range (20)',
    });
    const withAlarm = (await listMaps()).find((entry) => entry.id === map.id);
    expect((withAlarm?.deviceSettings as Record<string, unknown>[])[0]).toMatchObject({
      offline: false,
      alarm: true,
      alarmTypes: ['temperature'],
    });
    await send(0, 20, 5);
    expect(
      await ownerSocket.next(
        'mapNotification',
        (p) => p.deviceDBId === placed && p.type === 'alarm' && p.status === 'success',
      ),
    ).toMatchObject({
      id: event?.id,
      msg: 'Fridge alarm on Device 1: temperature back in range (5)',
    });

    // The viewer gets only the device assigned to them: the placed one's events came first.
    await send(1, 0, 6);
    expect(await viewerSocket.next('mapLiveData', (p) => p.deviceDBId === assigned)).toMatchObject({
      temperature: 6,
    });
    expect(
      viewerSocket.received.filter(
        (item) =>
          (item.event === 'mapLiveData' || item.event === 'mapNotification') &&
          (item.payload as { deviceDBId: string }).deviceDBId !== assigned,
      ),
    ).toEqual([]);
    expect(
      ownerSocket.received.some(
        (item) =>
          item.event === 'mapLiveData' &&
          (item.payload as { deviceDBId: string }).deviceDBId === unplaced,
      ),
    ).toBe(false);

    // Silent past its ttl: offline.
    await db()
      .update(devices)
      .set({ lastSeenAt: new Date(Date.now() - 3 * 3600_000) })
      .where(eq(devices.id, placed ?? ''));
    await sweepOfflineDevices(db(), test.runtime.ingest.events);
    expect(
      await ownerSocket.next(
        'mapNotification',
        (p) => p.deviceDBId === placed && p.type === 'offline' && p.status === 'error',
      ),
    ).toMatchObject({ alarmType: 'offline', msg: 'Device 1 is offline' });
  });
});

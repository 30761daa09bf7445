import { randomUUID } from 'node:crypto';
import { socketErrors, topics } from '@vigil/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as authRepo from '../../src/modules/auth/repo.js';
import * as devicesRepo from '../../src/modules/devices/repo.js';
import { graphPointsPerWindow } from '../../src/realtime/bridge.js';
import type { RealtimeServer } from '../../src/realtime/realtime.js';
import { createAccountWithOwner, demo, userIdOf } from '../helpers/fixtures.js';
import {
  accountOf,
  connectGateway,
  createIngestApp,
  insertGateway,
  upPayload,
  type IngestTestApp,
  type TestGateway,
} from '../helpers/ingest.js';
import { TestSocket } from '../helpers/sockets.js';
import { followedUp, login } from '../helpers/test-app.js';

let test: IngestTestApp;
let url: string;
let io: RealtimeServer;
let gateway: TestGateway;
let otherGateway: TestGateway;
let client: MqttClient;
const tokens: Record<'owner' | 'viewer' | 'admin' | 'other', string> = {
  owner: '',
  viewer: '',
  admin: '',
  other: '',
};
/** Hardware address and row id of the demo gateway's devices: 0 is assigned to the viewer. */
const address = (index: number) => gateway.devices[index] ?? '';
const rowId = (index: number) => gateway.deviceRows.get(address(index)) ?? '';
const db = () => test.runtime.ctx.db;

const sockets: TestSocket[] = [];
function socket(token: string | undefined, query: Record<string, string> = {}): TestSocket {
  const created = new TestSocket(url, token, query);
  sockets.push(created);
  return created;
}
afterEach(() => {
  for (const created of sockets.splice(0)) created.close();
});

let clock = 0;
/** Publishes fresh readings of one device as its gateway would, QoS 1; returns their times. */
async function publish(deviceIndex: number, count = 1, t = 5): Promise<string[]> {
  const readings = Array.from({ length: count }, (_, index) => {
    clock = Math.max(clock + 1, Date.now());
    return {
      deviceId: address(deviceIndex),
      ts: new Date(clock).toISOString(),
      data: { t: t + index / 10, h: 40, b: 90, m: 3 },
    };
  });
  await client.publishAsync(topics.up(gateway.gatewayId), upPayload(readings), { qos: 1 });
  return readings.map((reading) => reading.ts);
}

beforeAll(async () => {
  test = await createIngestApp();
  url = test.runtime.url ?? '';
  const server = test.runtime.realtime.io;
  if (!server) throw new Error('no socket server');
  io = server;
  gateway = await insertGateway(db(), await accountOf(db(), demo.owner), { deviceCount: 4 });
  await devicesRepo.assignUser(db(), rowId(0), await userIdOf(db(), demo.viewer));
  const other = await createAccountWithOwner(db(), 'Other Lab', 'owner@other-rt.example');
  otherGateway = await insertGateway(db(), other.account.id, { deviceCount: 1 });
  tokens.owner = (await login(test.app, demo.owner)).jwt;
  tokens.viewer = (await login(test.app, demo.viewer)).jwt;
  tokens.admin = (await login(test.app, demo.admin)).jwt;
  tokens.other = (await login(test.app, 'owner@other-rt.example')).jwt;
  client = await connectGateway(test.brokerUrl, gateway);
});
afterAll(async () => {
  await client.endAsync();
  await test.close();
});

describe('socket handshake', () => {
  it('refuses a missing, malformed, expired or revoked token as unauthorized', async () => {
    expect(await socket(undefined).refusal()).toBe(socketErrors.unauthorized);
    expect(await socket('not-a-jwt').refusal()).toBe(socketErrors.unauthorized);
    const signedIn = await login(test.app, demo.owner);
    const expired = await test.runtime.ctx.tokens.sign(
      { userId: signedIn.userId, sessionId: signedIn.sessionId, role: 'super_user' },
      new Date(Date.now() - 60_000),
    );
    expect(await socket(expired).refusal()).toBe(socketErrors.unauthorized);
    // Signed out: the open socket is closed by the server at once, and the token (still
    // well-formed and unexpired, its session revoked) cannot open another.
    const open = await socket(signedIn.jwt).connect();
    const closed = new Promise<string>((resolve) => {
      open.socket.once('disconnect', resolve);
    });
    const logout = await test.app.inject({
      method: 'DELETE',
      url: '/api/auth',
      headers: signedIn.headers,
    });
    expect(logout.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(await socket(signedIn.jwt).refusal()).toBe(socketErrors.unauthorized);
    const revoked = await login(test.app, demo.viewer);
    await authRepo.revokeUserSessions(db(), revoked.userId, new Date());
    expect(await socket(revoked.jwt).refusal()).toBe(socketErrors.unauthorized);
    tokens.viewer = (await login(test.app, demo.viewer)).jwt;
  });

  it('ends an open socket when its session’s token expires', async () => {
    const signedIn = await login(test.app, demo.owner);
    // A token for the same, valid session that expires in a moment: the socket ends with it.
    const shortLived = await test.runtime.ctx.tokens.sign(
      { userId: signedIn.userId, sessionId: signedIn.sessionId, role: 'super_user' },
      new Date(Date.now() + 2500),
    );
    const open = await socket(shortLived).connect();
    const reason = await new Promise<string>((resolve) => {
      open.socket.once('disconnect', resolve);
    });
    expect(reason).toBe('io server disconnect');
  });

  it('refuses a bad query', async () => {
    expect(await socket(tokens.owner, { timeValue: '9' }).refusal()).toBe(socketErrors.badQuery);
    expect(await socket(tokens.owner, { timeValue: 'soon' }).refusal()).toBe(socketErrors.badQuery);
  });

  it("refuses another account's device, a user's unassigned device and any device to a super_admin", async () => {
    const foreign = otherGateway.devices[0] ?? '';
    expect(await socket(tokens.owner, { deviceId: foreign }).refusal()).toBe(
      socketErrors.deviceNotFound,
    );
    expect(
      await socket(tokens.owner, {
        deviceId: otherGateway.deviceRows.get(foreign) ?? '',
      }).refusal(),
    ).toBe(socketErrors.deviceNotFound);
    expect(await socket(tokens.viewer, { deviceId: address(1) }).refusal()).toBe(
      socketErrors.deviceNotFound,
    );
    expect(await socket(tokens.viewer, { deviceId: rowId(1) }).refusal()).toBe(
      socketErrors.deviceNotFound,
    );
    expect(await socket(tokens.owner, { deviceId: randomUUID() }).refusal()).toBe(
      socketErrors.deviceNotFound,
    );
    expect(await socket(tokens.admin, { deviceId: address(0) }).refusal()).toBe(
      socketErrors.deviceNotFound,
    );
    // Without a device, every role connects; the device is found by row id or by address.
    await socket(tokens.admin).connect();
    await socket(tokens.viewer, { deviceId: address(0).toUpperCase() }).connect();
    await socket(tokens.viewer, { deviceId: rowId(0) }).connect();
    await socket(tokens.owner, { deviceId: rowId(2), timeValue: '0' }).connect();
  });
});

describe('live events', () => {
  it('delivers a reading published over MQTT as liveData, and graphData only below timeValue 6', async () => {
    const live = await socket(tokens.owner, { deviceId: address(1), timeValue: '0' }).connect();
    const preset = await socket(tokens.owner, { deviceId: rowId(1), timeValue: '5' }).connect();
    const custom = await socket(tokens.owner, { deviceId: address(1), timeValue: '6' }).connect();
    const elsewhere = await socket(tokens.owner, { deviceId: address(3) }).connect();
    const [ts] = await publish(1, 1, 7.5);
    for (const watcher of [live, preset, custom]) {
      const payload = await watcher.next('liveData', (event) => event.reading.createdAt === ts);
      expect(payload).toMatchObject({ id: rowId(1), deviceId: address(1) });
      expect(payload.reading.t).toBeCloseTo(7.5);
      expect(payload.reading.h).toBe(40);
    }
    for (const watcher of [live, preset]) {
      const point = await watcher.next('graphData', (event) => event.reading.createdAt === ts);
      expect(point.id).toBe(rowId(1));
    }
    await custom.barrier(io);
    expect(custom.all('graphData')).toEqual([]);
    await elsewhere.barrier(io);
    expect(elsewhere.all('liveData')).toEqual([]);
    expect(elsewhere.all('graphData')).toEqual([]);
  });

  it('has a reading on the device’s live chart as soon as it was sent as liveData', async () => {
    // The dashboard's Live range asks for the chart when the reading shows: a device's first
    // reading is stored and sent live before the follow-up rolls it up (it runs after the ack).
    const fresh = await insertGateway(db(), await accountOf(db(), demo.owner), { deviceCount: 1 });
    const hardware = fresh.devices[0] ?? '';
    const id = fresh.deviceRows.get(hardware) ?? '';
    const watcher = await socket(tokens.owner, { deviceId: id, timeValue: '0' }).connect();
    const freshClient = await connectGateway(test.brokerUrl, fresh);
    const ts = new Date().toISOString();
    const reading = { deviceId: hardware, ts, data: { t: 7.77, h: 55.5 } };
    const live = watcher.next('liveData', (event) => event.reading.createdAt === ts);
    const published = freshClient.publishAsync(topics.up(fresh.gatewayId), upPayload([reading]), {
      qos: 1,
    });
    await live;
    const from = new Date(Date.parse(ts) - 15 * 60_000).toISOString();
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/device/${id}/graph?from=${from}&to=${new Date().toISOString()}&timeValue=0`,
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      bucket: 'raw',
      points: [{ ts, t: 7.77, h: 55.5 }],
    });
    await published;
    await freshClient.endAsync();
  });

  it('sends the current state on connect and again on every reconnect', async () => {
    const [ts] = await publish(2, 1, 3.25);
    // The device's state, what a socket is sent on connect, is stored by the follow-up.
    await followedUp();
    const watcher = socket(tokens.owner, { deviceId: address(2) });
    // The first connect may see the reading live or as state; a later one as state.
    await watcher.connect();
    await watcher.next('liveData', (event) => event.reading.createdAt === ts);
    await watcher.next('deviceStatus', (event) => event.status === 'active');
    watcher.close();
    watcher.received.length = 0;
    await watcher.connect();
    const status = await watcher.next('deviceStatus');
    expect(status).toMatchObject({ id: rowId(2), device_id: address(2), status: 'active' });
    const state = await watcher.next('liveData');
    expect(state).toMatchObject({ id: rowId(2), deviceId: address(2) });
    expect(state.reading.createdAt).toBe(ts);
    expect(state.reading.t).toBeCloseTo(3.25);
  });

  it('coalesces a burst into few liveData carrying the newest reading, with the points for charts', async () => {
    const watcher = await socket(tokens.owner, { deviceId: address(3), timeValue: '1' }).connect();
    await watcher.barrier(io);
    watcher.received.length = 0;
    // 8 messages in flight at once: they are stored within a frame of each other.
    const sent = (await Promise.all(Array.from({ length: 8 }, () => publish(3, 10)))).flat();
    const newest = sent.reduce((a, b) => (a > b ? a : b));
    await watcher.next('liveData', (event) => event.reading.createdAt === newest);
    await watcher.next('graphData', (event) => event.reading.createdAt === newest);
    const live = watcher.all('liveData');
    // 80 readings in 8 messages: the first goes out at once, the rest a window (a frame) later.
    expect(live.length).toBeLessThan(8);
    const liveTimes = live.map((event) => Date.parse(event.reading.createdAt));
    expect(liveTimes).toEqual([...liveTimes].sort((a, b) => a - b));
    const graph = watcher.all('graphData').map((event) => event.reading.createdAt);
    expect(graph.length).toBeGreaterThanOrEqual(live.length);
    expect(graph.length).toBeLessThanOrEqual(live.length * graphPointsPerWindow);
    expect(new Set(graph).size).toBe(graph.length);
    expect(graph.every((ts) => sent.includes(ts))).toBe(true);
  });

  it('tells owners of status changes with devicesStatusData, and users nothing of it', async () => {
    // Earlier tests' readings have had their follow-up (a round may gather several devices'
    // status changes): only device 0's change is this test's.
    await followedUp();
    const owner = socket(tokens.owner);
    const viewer = socket(tokens.viewer);
    const assignedWatcher = socket(tokens.viewer, { deviceId: address(0) });
    await Promise.all([owner.connect(), viewer.connect(), assignedWatcher.connect()]);
    const initial = await owner.next('devicesStatusData');
    expect(initial.devices.map((device) => device.id)).toEqual(
      expect.arrayContaining(gateway.devices.map((_, index) => rowId(index))),
    );
    expect(initial.devices.find((device) => device.id === rowId(0))?.status).toBe('inactive');
    await publish(0);
    const changed = await owner.next('devicesStatusData', (event) =>
      event.devices.some((device) => device.id === rowId(0) && device.status === 'active'),
    );
    expect(changed.devices).toHaveLength(1);
    expect(changed.devices[0]).toMatchObject({ device_id: address(0), status: 'active' });
    await assignedWatcher.next('deviceStatus', (event) => event.status === 'active');
    await viewer.barrier(io);
    await assignedWatcher.barrier(io);
    expect(viewer.all('devicesStatusData')).toEqual([]);
    expect(assignedWatcher.all('devicesStatusData')).toEqual([]);
  });

  it('sends overview sockets every visible device’s newest reading, and no other socket', async () => {
    const owner = await socket(tokens.owner, { overview: '1' }).connect();
    const viewer = await socket(tokens.viewer, { overview: '1' }).connect();
    const plain = await socket(tokens.owner).connect();
    const other = await socket(tokens.other, { overview: '1' }).connect();
    const [assigned] = await publish(0, 1, 6.5);
    const [unassigned] = await publish(1, 1, 7.5);
    const seen = await owner.next('overviewData', (event) => event.id === rowId(1));
    expect(seen.reading).toMatchObject({ createdAt: unassigned, t: 7.5 });
    expect((await owner.next('overviewData', (event) => event.id === rowId(0))).reading.t).toBe(
      6.5,
    );
    const mine = await viewer.next('overviewData');
    expect(mine).toMatchObject({ id: rowId(0), reading: { createdAt: assigned } });
    for (const watcher of [viewer, plain, other]) await watcher.barrier(io);
    expect(viewer.all('overviewData').map((event) => event.id)).toEqual([rowId(0)]);
    expect(plain.all('overviewData')).toEqual([]);
    expect(other.all('overviewData')).toEqual([]);
  });

  it("sends door openings and alarms to the account's owners and the device's users only", async () => {
    const accountId = await accountOf(db(), demo.owner);
    const owner = await socket(tokens.owner).connect();
    const viewer = await socket(tokens.viewer).connect();
    const other = await socket(tokens.other).connect();
    const opening = (index: number) => ({
      id: randomUUID(),
      deviceDbId: rowId(index),
      deviceId: address(index),
      deviceName: `Device ${index + 1}`,
      location: null,
      user: null,
      timeOpened: new Date().toISOString(),
      timeClosed: null,
      createdAt: new Date().toISOString(),
    });
    const unassigned = opening(1);
    const assigned = opening(0);
    test.runtime.ingest.events.emit('door', { accountId, opening: unassigned });
    test.runtime.ingest.events.emit('door', { accountId, opening: assigned });
    await owner.next('recentDoorData', (event) => event.id === unassigned.id);
    await owner.next('recentDoorData', (event) => event.id === assigned.id);
    await viewer.next('recentDoorData', (event) => event.id === assigned.id);

    const alarm = (index: number) => ({
      deviceId: rowId(index),
      alarmId: randomUUID(),
      alarmType: 't',
    });
    const first = alarm(1);
    const second = alarm(0);
    test.runtime.realtime.emitAlarm('newAlarm', { accountId, deviceId: rowId(1) }, first);
    test.runtime.realtime.emitAlarm('removeAlarm', { accountId, deviceId: rowId(0) }, second);
    await owner.next('newAlarm', (event) => event.alarmId === first.alarmId);
    await owner.next('removeAlarm', (event) => event.alarmId === second.alarmId);
    await viewer.next('removeAlarm', (event) => event.alarmId === second.alarmId);

    await viewer.barrier(io);
    await other.barrier(io);
    expect(viewer.all('recentDoorData').map((event) => event.id)).toEqual([assigned.id]);
    expect(viewer.all('newAlarm')).toEqual([]);
    expect(other.received.filter((item) => item.event !== 'devicesStatusData')).toEqual([]);
  });
});

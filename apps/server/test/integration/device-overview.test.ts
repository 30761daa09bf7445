import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmEvents, devices, readings } from '../../src/db/schema/index.js';
import { accountIdOf, insertDevice, insertReadings } from '../helpers/history-fixtures.js';
import { createInventoryApp, send, type Headers, type Session } from '../helpers/inventory.js';
import { demo } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Session;
let viewer: Session;
let admin: Session;
let other: Session;
const ids = { fridge: '', dewar: '', offline: '', silent: '', foreign: '', event: '' };
const db = () => test.runtime.ctx.db;
const minute = 60_000;
/** Whole minutes, so that readings fall on rollup buckets the test can reason about. */
const now = Math.floor(Date.now() / minute) * minute;

/** A device's latest reading and online state, as ingestion keeps them. */
async function reported(id: string, reading: Record<string, number>, online: boolean) {
  const createdAt = new Date(now - minute);
  await db()
    .update(devices)
    .set({
      status: online ? 'active' : 'inactive',
      lastSeenAt: createdAt,
      nodeType: 1,
      latestData: { createdAt: createdAt.toISOString(), Node_Type: 1, ...reading },
    })
    .where(eq(devices.id, id));
}

/**
 * The demo account: a fridge in alarm (assigned to the viewer), an LN2 dewar whose excursion is
 * acknowledged, a freezer gone offline, a device never heard from; and another account's fridge.
 */
beforeAll(async () => {
  ({ test, owner, viewer, admin, other } = await createInventoryApp());
  const account = await accountIdOf(db(), demo.owner);
  ids.fridge = await insertDevice(db(), account, 'Fridge A', [viewer.userId]);
  ids.dewar = await insertDevice(db(), account, 'LN2 Dewar');
  ids.offline = await insertDevice(db(), account, 'Freezer C');
  ids.silent = await insertDevice(db(), account, 'New sensor');
  ids.foreign = await insertDevice(
    db(),
    await accountIdOf(db(), 'owner@other.example'),
    'Their fridge',
  );
  await reported(ids.fridge, { t: 9.5, h: 40 }, true);
  await reported(ids.dewar, { thermo: -190, t: -255, ln2lvl: 60 }, true);
  await reported(ids.offline, { t: -20 }, false);
  // Two hours of the fridge, a reading a minute, 4 °C then 10 °C for the last 30 minutes.
  await insertReadings(
    db(),
    ids.fridge,
    Array.from({ length: 120 }, (_, i) => ({
      ts: new Date(now - (120 - i) * minute),
      nodeType: 1,
      t: i >= 90 ? 10 : 4,
      h: 40,
    })),
  );
  const [fridgeEvent] = await db()
    .insert(alarmEvents)
    .values([
      {
        accountId: account,
        deviceId: ids.fridge,
        type: 'temperature',
        value: 9,
        peakValue: 10,
        min: 2,
        max: 8,
        raisedAt: new Date(now - 30 * minute),
      },
      {
        accountId: account,
        deviceId: ids.dewar,
        type: 'ln2_level',
        value: 19,
        min: 20,
        max: 100,
        raisedAt: new Date(now - 60 * minute),
        acknowledgedAt: new Date(now - 50 * minute),
      },
      // Recovered: no longer part of the device's state.
      {
        accountId: account,
        deviceId: ids.offline,
        type: 'temperature',
        value: -10,
        raisedAt: new Date(now - 90 * minute),
        clearedAt: new Date(now - 80 * minute),
      },
    ])
    .returning({ id: alarmEvents.id });
  ids.event = fridgeEvent!.id;
});
afterAll(async () => {
  await test.close();
});

const get = async (headers: Headers, url: string) => {
  const response = await send(test.app, headers, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('the device overview', () => {
  it('gives every device its state, open alarms and latest reading, by location then name', async () => {
    const { devices: list } = await get(owner.headers, '/api/device/overview');
    expect(list.map((device: { name: string }) => device.name)).toEqual([
      'Freezer C',
      'Fridge A',
      'LN2 Dewar',
      'New sensor',
    ]);
    const byName = new Map(list.map((device: { name: string }) => [device.name, device]));
    expect(byName.get('Fridge A')).toMatchObject({
      state: 'alarm',
      status: 'active',
      latest: { t: 9.5, h: 40 },
      alarms: [
        { eventId: ids.event, type: 'temperature', acknowledged: false, value: 9, peak: 10 },
      ],
    });
    expect(byName.get('LN2 Dewar')).toMatchObject({
      state: 'acknowledged',
      alarms: [{ type: 'ln2_level', acknowledged: true, peak: 19 }],
    });
    expect(byName.get('Freezer C')).toMatchObject({ state: 'offline', alarms: [] });
    expect(byName.get('New sensor')).toMatchObject({ state: 'no_data', latest: null });
  });

  it('gives a user their devices, another account its own, and the status of one device', async () => {
    const mine = await get(viewer.headers, '/api/device/overview');
    expect(mine.devices.map((device: { id: string }) => device.id)).toEqual([ids.fridge]);
    const theirs = await get(other.headers, '/api/device/overview');
    expect(theirs.devices.map((device: { id: string }) => device.id)).toEqual([ids.foreign]);
    expect((await send(test.app, admin.headers, 'GET', '/api/device/overview')).statusCode).toBe(
      403,
    );
    const status = await get(viewer.headers, `/api/device/${ids.fridge}/status`);
    expect(status).toMatchObject({ id: ids.fridge, name: 'Fridge A', state: 'alarm' });
    const hidden = await send(test.app, viewer.headers, 'GET', `/api/device/${ids.dewar}/status`);
    expect(hidden.statusCode).toBe(404);
  });
});

describe('the status of one device', () => {
  it('shows a stored reading whose follow-up is still to run, never an older one', async () => {
    const account = await accountIdOf(db(), demo.owner);
    // Stored and sent live at the commit; the follow-up has not moved the state forward yet.
    const fresh = await insertDevice(db(), account, 'Fresh Fridge');
    const storedAt = new Date(now - 2 * minute);
    await db().insert(readings).values({ deviceId: fresh, ts: storedAt, nodeType: 1, t: 7.77 });
    const first = await get(owner.headers, `/api/device/${fresh}/status`);
    expect(first.latest).toMatchObject({ createdAt: storedAt.toISOString(), t: 7.77 });
    // The state already holds a newer reading: an older stored row does not replace it.
    await db()
      .update(devices)
      .set({
        latestTs: new Date(now - minute),
        latestData: { createdAt: new Date(now - minute).toISOString(), Node_Type: 1, t: 8.5 },
      })
      .where(eq(devices.id, fresh));
    const later = await get(owner.headers, `/api/device/${fresh}/status`);
    expect(later.latest).toMatchObject({ createdAt: new Date(now - minute).toISOString(), t: 8.5 });
  });
});

describe('sparklines', () => {
  it('draws every device in one call: its primary metric per slot, gaps as null', async () => {
    const reply = await get(owner.headers, '/api/device/sparklines?hours=6');
    expect(reply.slotSeconds).toBe(600);
    expect(Date.parse(reply.to) - Date.parse(reply.from)).toBe(6 * 3600_000);
    const byId = new Map(reply.series.map((item: { id: string }) => [item.id, item]));
    const fridge = byId.get(ids.fridge) as { metric: string; points: (number | null)[] };
    expect(fridge.metric).toBe('t');
    expect(fridge.points).toHaveLength(36);
    // The first four hours have no readings; the last half hour is at 10 °C.
    expect(fridge.points.slice(0, 20).every((point) => point === null)).toBe(true);
    const drawn = fridge.points.filter((point): point is number => point !== null);
    expect(drawn.length).toBeGreaterThanOrEqual(12);
    expect(drawn.at(-1)).toBe(10);
    expect(Math.min(...drawn)).toBe(4);
    // The dewar is watched by its probe (thermo); a device never heard from has no sparkline.
    expect(byId.get(ids.dewar)).toMatchObject({ metric: 'thermo' });
    expect(byId.has(ids.silent)).toBe(false);
    expect(byId.has(ids.foreign)).toBe(false);
  });

  it('keeps to the scope and refuses a bad range', async () => {
    const mine = await get(viewer.headers, '/api/device/sparklines');
    expect(mine.series.map((item: { id: string }) => item.id)).toEqual([ids.fridge]);
    const bad = await send(test.app, owner.headers, 'GET', '/api/device/sparklines?hours=48');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      field: 'hours',
      message: 'hours must be a whole number from 1 to 24',
    });
  });
});

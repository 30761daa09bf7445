import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmEvents, alarms } from '../../src/db/schema/index.js';
import { accountIdOf } from '../helpers/history-fixtures.js';
import {
  addDevice,
  addLocation,
  createInventoryApp,
  send,
  type Headers,
  type Session,
} from '../helpers/inventory.js';
import { demo } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Session;
let viewer: Session;
let admin: Session;
let other: Session;
const ids = { fridge: '', freezer: '', foreign: '', location: '' };
const events = { active: '', acknowledged: '', recovered: '', unacknowledged: '', foreign: '' };
const db = () => test.runtime.ctx.db;
const at = (day: number, hour = 8) => new Date(Date.UTC(2025, 4, day, hour, 0));

/**
 * The demo account's excursions, one of each state: `active` (fridge, assigned to the viewer),
 * `acknowledged` (freezer, still out of range), `recovered` and `recovered_unacknowledged`
 * (freezer); and one in another account, which nobody here may see.
 */
beforeAll(async () => {
  ({ test, owner, viewer, admin, other } = await createInventoryApp());
  const location = await addLocation(test.app, owner.headers, 'Cold Room A');
  ids.location = location.id;
  ids.fridge = (
    await addDevice(test.app, owner.headers, { deviceName: 'Fridge A', locationId: location.id })
  ).id;
  ids.freezer = (await addDevice(test.app, owner.headers, { deviceName: 'Freezer B' })).id;
  ids.foreign = (await addDevice(test.app, other.headers, { deviceName: 'Their fridge' })).id;
  await send(test.app, owner.headers, 'POST', '/api/device/assignUser', {
    userId: viewer.userId,
    deviceId: ids.fridge,
  });
  const account = await accountIdOf(db(), demo.owner);
  const [alarm] = await db()
    .insert(alarms)
    .values({ accountId: account, deviceId: ids.fridge, name: 'Fridge too warm' })
    .returning({ id: alarms.id });
  const base = { accountId: account, type: 'temperature', min: 2, max: 8 };
  const rows = await db()
    .insert(alarmEvents)
    .values(
      [
        {
          ...base,
          deviceId: ids.fridge,
          alarmId: alarm!.id,
          value: 9,
          peakValue: 12.5,
          outOfRangeSince: at(10, 7),
          raisedAt: at(10),
        },
        {
          ...base,
          deviceId: ids.freezer,
          value: 10,
          raisedAt: at(11),
          acknowledgedAt: at(11, 9),
          acknowledgedBy: owner.userId,
          acknowledgedMeaning: 'under_investigation',
        },
        {
          ...base,
          deviceId: ids.freezer,
          value: 1,
          min: 2,
          raisedAt: at(12),
          clearedAt: at(12, 10),
          acknowledgedAt: at(12, 11),
          acknowledgedBy: owner.userId,
          acknowledgedMeaning: 'reviewed_and_acted_on',
        },
        { ...base, deviceId: ids.freezer, value: 9, raisedAt: at(13), clearedAt: at(13, 8) },
        {
          ...base,
          accountId: await accountIdOf(db(), 'owner@other.example'),
          deviceId: ids.foreign,
        },
      ].map((row) => ({ raisedAt: at(14), ...row })),
    )
    .returning({ id: alarmEvents.id });
  const names = ['active', 'acknowledged', 'recovered', 'unacknowledged', 'foreign'];
  rows.forEach((row, index) => {
    Object.assign(events, { [names[index] ?? '']: row.id });
  });
});
afterAll(async () => {
  await test.close();
});

const list = (headers: Headers, query = '') =>
  send(test.app, headers, 'GET', `/api/alarms/events${query ? `?${query}` : ''}`);
const idsOf = async (headers: Headers, query = '') => {
  const response = await list(headers, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.list as { id: string }[]).map((event) => event.id);
};

describe('the alarm events list', () => {
  it('lists every excursion of the account, newest first, with its state, peak and duration', async () => {
    const response = await list(owner.headers);
    const { list: items, meta } = response.json().data;
    expect(items.map((event: { id: string }) => event.id)).toEqual([
      events.unacknowledged,
      events.recovered,
      events.acknowledged,
      events.active,
    ]);
    expect(meta.pagination).toMatchObject({ page: 1, pageSize: 10, total: 4, totalPages: 1 });
    const [unacknowledged, recovered, acknowledged, active] = items;
    expect(active).toMatchObject({
      state: 'active',
      alarmName: 'Fridge too warm',
      deviceName: 'Fridge A',
      location: 'Cold Room A',
      locationId: ids.location,
      value: 9,
      peak: 12.5,
      min: 2,
      max: 8,
      startedAt: at(10, 7).toISOString(),
      raisedAt: at(10).toISOString(),
      endedAt: null,
      acknowledgedBy: null,
      acknowledgedMeaning: null,
    });
    // Still out of range: the duration runs to now.
    expect(active.durationSeconds).toBeGreaterThan(365 * 86_400 - 86_400 * 400);
    expect(acknowledged).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: 'Olivia Owner',
      acknowledgedAt: at(11, 9).toISOString(),
      acknowledgedMeaning: 'under_investigation',
      // An event stored before peaks were kept shows its raising value.
      peak: 10,
    });
    expect(recovered).toMatchObject({
      state: 'recovered',
      endedAt: at(12, 10).toISOString(),
      durationSeconds: 2 * 3600,
      acknowledgedMeaning: 'reviewed_and_acted_on',
    });
    expect(unacknowledged).toMatchObject({ state: 'recovered_unacknowledged', durationSeconds: 0 });
  });

  it('filters by states, device, location and start, and pages', async () => {
    expect(await idsOf(owner.headers, 'state=active')).toEqual([events.active]);
    expect(
      await idsOf(owner.headers, 'state=active,recovered_unacknowledged,acknowledged'),
    ).toEqual([events.unacknowledged, events.acknowledged, events.active]);
    expect(await idsOf(owner.headers, `deviceId=${ids.freezer}&state=recovered`)).toEqual([
      events.recovered,
    ]);
    expect(await idsOf(owner.headers, `locationId=${ids.location}`)).toEqual([events.active]);
    const range = `from=${at(11).toISOString()}&to=${at(12, 23).toISOString()}`;
    expect(await idsOf(owner.headers, range)).toEqual([events.recovered, events.acknowledged]);
    const second = (await list(owner.headers, 'page=2&pageSize=3')).json().data;
    expect(second.list.map((event: { id: string }) => event.id)).toEqual([events.active]);
    expect(second.meta.pagination).toMatchObject({ page: 2, total: 4, totalPages: 2 });
  });

  it('refuses bad filters with the field named and the spec-style message', async () => {
    const state = await list(owner.headers, 'state=active,gone');
    expect(state.statusCode).toBe(400);
    expect(state.json().errors[0]).toMatchObject({
      message: 'please choose active, acknowledged, recovered or recovered unacknowledged',
      field: 'state',
    });
    const reversed = await list(
      owner.headers,
      `from=${at(12).toISOString()}&to=${at(11).toISOString()}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors[0].field).toBe('to');
    expect((await list(owner.headers, 'pageSize=500')).statusCode).toBe(400);
    expect((await list(owner.headers, 'deviceId=nope')).statusCode).toBe(400);
  });

  it('keeps tenancy: a user sees their devices only, another account nothing, no admin', async () => {
    expect(await idsOf(viewer.headers)).toEqual([events.active]);
    expect(await idsOf(viewer.headers, `deviceId=${ids.freezer}`)).toEqual([]);
    expect(await idsOf(other.headers)).toEqual([events.foreign]);
    expect(await idsOf(other.headers, `deviceId=${ids.fridge}`)).toEqual([]);
    expect(await idsOf(owner.headers, `deviceId=${ids.foreign}`)).toEqual([]);
    expect((await list(admin.headers)).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
  });
});

describe('the alarm summary (top bar)', () => {
  const summary = async (headers: Headers) => {
    const response = await send(test.app, headers, 'GET', '/api/alarms/summary');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it('counts what is out of range and what awaits a signature, within the scope', async () => {
    // Out of range: active + acknowledged; awaiting a signature: active + recovered unacknowledged.
    expect(await summary(owner.headers)).toEqual({ active: 2, unacknowledged: 2, attention: 3 });
    expect(await summary(viewer.headers)).toEqual({ active: 1, unacknowledged: 1, attention: 1 });
    expect(await summary(other.headers)).toEqual({ active: 1, unacknowledged: 1, attention: 1 });
    expect((await send(test.app, admin.headers, 'GET', '/api/alarms/summary')).statusCode).toBe(
      403,
    );
  });

  it('drops an acknowledged alarm from the unacknowledged count', async () => {
    const response = await send(
      test.app,
      viewer.headers,
      'POST',
      `/api/alarms/events/${events.active}/acknowledge`,
      { comment: 'moved the samples', password: 'vigil-demo', meaning: 'reviewed_and_acted_on' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await summary(viewer.headers)).toEqual({ active: 1, unacknowledged: 0, attention: 1 });
    const [listed] = (await list(viewer.headers)).json().data.list;
    expect(listed).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: 'Victor Viewer',
      acknowledgedMeaning: 'reviewed_and_acted_on',
    });
  });
});

describe('the events page’s downloads', () => {
  it('keep the page’s filters', async () => {
    const query = new URLSearchParams({
      startTime: at(1).toISOString(),
      endTime: at(31).toISOString(),
      state: 'recovered,recovered_unacknowledged',
      deviceId: ids.freezer,
    });
    const started = await send(
      test.app,
      owner.headers,
      'GET',
      `/api/alarms/downloadAlarmCSV?${query.toString()}`,
    );
    expect(started.statusCode, started.body).toBe(200);
    await test.runtime.worker?.drain();
    const file = await send(test.app, {}, 'GET', started.json().data.url);
    const rows = file.body.trim().split('\n').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(',recovered,');
    expect(rows[1]).toContain(',recovered unacknowledged,');
    expect(file.body).not.toContain('Fridge A');
  });
});

describe('favourite comments', () => {
  const favourites = (headers: Headers) =>
    send(test.app, headers, 'GET', '/api/alarms/favouriteComments');
  const save = (headers: Headers, message: string) =>
    send(test.app, headers, 'POST', '/api/alarms/favouriteComments', { message });

  it('are saved once per person, listed and deleted', async () => {
    const saved = await save(owner.headers, 'Checked, all fine');
    expect(saved.statusCode).toBe(201);
    const { id } = saved.json().data;
    const twice = await save(owner.headers, 'Checked, all fine');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].message).toBe('this comment is already a favourite');
    // Another person may keep the same text.
    expect((await save(viewer.headers, 'Checked, all fine')).statusCode).toBe(201);
    expect((await favourites(owner.headers)).json().data).toEqual([
      { id, message: 'Checked, all fine' },
    ]);
    // Nobody deletes someone else's.
    const foreign = await send(
      test.app,
      viewer.headers,
      'DELETE',
      `/api/alarms/favouriteComments/${id}`,
    );
    expect(foreign.statusCode).toBe(404);
    const removed = await send(
      test.app,
      owner.headers,
      'DELETE',
      `/api/alarms/favouriteComments/${id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect((await favourites(owner.headers)).json().data).toEqual([]);
    expect((await favourites(viewer.headers)).json().data).toHaveLength(1);
  });
});

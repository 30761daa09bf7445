import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmEvents, alarms, comments, doorEvents, users } from '../../src/db/schema/index.js';
import {
  addDevice,
  addLocation,
  auditEntries,
  createInventoryApp,
  send,
  type Headers,
  type Session,
} from '../helpers/inventory.js';
import type { TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Session;
let viewer: Session;
let admin: Session;
let other: Session;
/** Device row ids: `assigned` is the viewer's, `unassigned` is not, `foreign` is the other account's. */
const ids: Record<'account' | 'otherAccount' | 'assigned' | 'unassigned' | 'foreign', string> = {
  account: '',
  otherAccount: '',
  assigned: '',
  unassigned: '',
  foreign: '',
};
const db = () => test.runtime.ctx.db;
const at = (minutes: number) => new Date(Date.UTC(2025, 0, 6, 8, minutes));

beforeAll(async () => {
  const setup = await createInventoryApp();
  ({ test, owner, viewer, admin, other } = setup);
  const location = await addLocation(test.app, owner.headers, 'Cold Room A');
  const assigned = await addDevice(test.app, owner.headers, {
    deviceName: 'Door A',
    locationId: location.id,
  });
  const unassigned = await addDevice(test.app, owner.headers, { deviceName: 'Door B' });
  const foreign = await addDevice(test.app, other.headers, { deviceName: 'Their door' });
  ids.assigned = assigned.id;
  ids.unassigned = unassigned.id;
  ids.foreign = foreign.id;
  const assign = await send(test.app, owner.headers, 'POST', '/api/device/assignUser', {
    userId: viewer.userId,
    deviceId: assigned.id,
  });
  expect(assign.statusCode).toBe(200);
  const [demoAccount] = await db()
    .select({ accountId: users.accountId })
    .from(users)
    .where(sql`${users.id} = ${owner.userId}`);
  const [otherAccount] = await db()
    .select({ accountId: users.accountId })
    .from(users)
    .where(sql`${users.id} = ${other.userId}`);
  ids.account = demoAccount!.accountId!;
  ids.otherAccount = otherAccount!.accountId!;
});
afterAll(async () => {
  await test.close();
});

const post = (headers: Headers, url: string, body?: object) =>
  send(test.app, headers, 'POST', url, body);

describe('POST /api/alarms/recentDoorOpenings', () => {
  beforeAll(async () => {
    await db()
      .insert(doorEvents)
      .values([
        // The demo viewer is linked to door-lock user door-0042.
        {
          accountId: ids.account,
          deviceId: ids.assigned,
          openedAt: at(1),
          closedAt: at(2),
          usr: 'door-0042',
        },
        {
          accountId: ids.account,
          deviceId: ids.unassigned,
          openedAt: at(3),
          closedAt: at(4),
          usr: 'x-17',
        },
        { accountId: ids.account, deviceId: ids.assigned, openedAt: at(5), closedAt: null },
        { accountId: ids.otherAccount, deviceId: ids.foreign, openedAt: at(6), closedAt: null },
      ]);
  });

  it('lists the account’s door openings newest first, paged, ignoring the body', async () => {
    const response = await post(owner.headers, '/api/alarms/recentDoorOpenings?page=1&pageSize=9', {
      authToken: 'whatever the client sends',
    });
    expect(response.statusCode).toBe(200);
    const { list, meta } = response.json().data;
    expect(list.map((row: { timeOpened: string }) => row.timeOpened)).toEqual([
      at(5).toISOString(),
      at(3).toISOString(),
      at(1).toISOString(),
    ]);
    expect(list[0]).toEqual({
      id: expect.any(String),
      deviceDbId: ids.assigned,
      deviceId: expect.any(String),
      deviceName: 'Door A',
      location: 'Cold Room A',
      user: null,
      timeOpened: at(5).toISOString(),
      timeClosed: null,
      createdAt: expect.any(String),
    });
    expect(list[1]).toMatchObject({ deviceName: 'Door B', location: null, user: 'x-17' });
    expect(list[2]).toMatchObject({ user: 'Victor Viewer', timeClosed: at(2).toISOString() });
    expect(meta.pagination).toEqual({
      page: 1,
      pageSize: 9,
      total: 3,
      totalPages: 1,
      currentPage: 1,
    });

    const second = await post(owner.headers, '/api/alarms/recentDoorOpenings?page=2&pageSize=2');
    expect(second.json().data.list).toHaveLength(1);
    expect(second.json().data.meta.pagination).toMatchObject({ total: 3, totalPages: 2, page: 2 });
  });

  it('shows a user only the doors of devices assigned to them', async () => {
    const response = await post(viewer.headers, '/api/alarms/recentDoorOpenings?page=1&pageSize=9');
    expect(response.statusCode).toBe(200);
    const names = response.json().data.list.map((row: { deviceName: string }) => row.deviceName);
    expect(names).toEqual(['Door A', 'Door A']);
  });

  it('shows another account only its own doors, and refuses the platform administrator', async () => {
    const theirs = await post(other.headers, '/api/alarms/recentDoorOpenings');
    expect(theirs.json().data.list.map((row: { deviceName: string }) => row.deviceName)).toEqual([
      'Their door',
    ]);
    expect((await post(admin.headers, '/api/alarms/recentDoorOpenings')).statusCode).toBe(403);
    expect((await post({}, '/api/alarms/recentDoorOpenings')).statusCode).toBe(401);
  });

  it.each([
    ['page=0', 'page must be a whole number of 1 or more', 'page'],
    ['page=abc', 'page must be a whole number of 1 or more', 'page'],
    ['page=1.5', 'page must be a whole number of 1 or more', 'page'],
    ['pageSize=0', 'pageSize must be a whole number from 1 to 100', 'pageSize'],
    ['pageSize=101', 'pageSize must be a whole number from 1 to 100', 'pageSize'],
  ])('refuses %s with a clear message', async (query, message, field) => {
    for (const url of ['/api/alarms/recentDoorOpenings', '/api/alarms/recentAlarms/v2']) {
      const response = await post(owner.headers, `${url}?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ message, field });
    }
  });
});

describe('POST /api/alarms/recentAlarms/v2', () => {
  beforeAll(async () => {
    const [alarm] = await db()
      .insert(alarms)
      .values({ accountId: ids.account, deviceId: ids.assigned, name: 'Fridge too warm' })
      .returning({ id: alarms.id });
    const events = await db()
      .insert(alarmEvents)
      .values([
        {
          accountId: ids.account,
          deviceId: ids.assigned,
          alarmId: alarm!.id,
          type: 'temperature',
          value: 9.5,
          min: 2,
          max: 8,
          raisedAt: at(10),
        },
        {
          accountId: ids.account,
          deviceId: ids.unassigned,
          alarmId: null,
          type: 'offline',
          raisedAt: at(11),
        },
        {
          accountId: ids.account,
          deviceId: ids.assigned,
          alarmId: alarm!.id,
          type: 'door',
          raisedAt: at(12),
        },
        {
          accountId: ids.otherAccount,
          deviceId: ids.foreign,
          type: 'humidity',
          value: 80,
          raisedAt: at(13),
        },
      ])
      .returning({ id: alarmEvents.id });
    await db()
      .insert(comments)
      .values([
        { alarmEventId: events[0]!.id, userId: owner.userId, comment: 'door was left open' },
        { alarmEventId: events[0]!.id, userId: owner.userId, comment: 'checked' },
      ]);
  });

  it('lists the account’s alarm events newest first, without door ones', async () => {
    const response = await post(owner.headers, '/api/alarms/recentAlarms/v2?page=1&pageSize=9', {
      authToken: 'ignored',
    });
    expect(response.statusCode).toBe(200);
    const { list, meta } = response.json().data;
    expect(list).toEqual([
      {
        id: expect.any(String),
        alarmId: null,
        alarmName: 'offline',
        deviceDbId: ids.unassigned,
        deviceName: 'Door B',
        location: null,
        locationId: null,
        type: 'offline',
        value: null,
        min: null,
        max: null,
        createdAt: at(11).toISOString(),
        comments: 0,
        state: 'active',
        clearedAt: null,
        acknowledgedAt: null,
        acknowledgedBy: null,
      },
      {
        id: expect.any(String),
        alarmId: expect.any(String),
        alarmName: 'Fridge too warm',
        deviceDbId: ids.assigned,
        deviceName: 'Door A',
        location: 'Cold Room A',
        locationId: expect.any(String),
        type: 'temperature',
        value: 9.5,
        min: 2,
        max: 8,
        createdAt: at(10).toISOString(),
        comments: 2,
        state: 'active',
        clearedAt: null,
        acknowledgedAt: null,
        acknowledgedBy: null,
      },
    ]);
    expect(meta.pagination).toEqual({
      page: 1,
      pageSize: 9,
      total: 2,
      totalPages: 1,
      currentPage: 1,
    });
  });

  it('scopes a user to their devices and another account to its own', async () => {
    const mine = await post(viewer.headers, '/api/alarms/recentAlarms/v2');
    expect(mine.json().data.list.map((row: { type: string }) => row.type)).toEqual(['temperature']);
    const theirs = await post(other.headers, '/api/alarms/recentAlarms/v2');
    expect(theirs.json().data.list.map((row: { type: string }) => row.type)).toEqual(['humidity']);
    expect((await post(admin.headers, '/api/alarms/recentAlarms/v2')).statusCode).toBe(403);
    expect((await post({}, '/api/alarms/recentAlarms/v2')).statusCode).toBe(401);
  });
});

describe('/api/user/dashboard', () => {
  const prefs = {
    layouts: {
      lg: [
        { i: 'customStatus', x: 0, y: 0, w: 6, h: 3, minH: 2.7 },
        { i: 'recentDoorOpening', x: 6, y: 0, w: 6, h: 3 },
      ],
      xxs: [{ i: 'customStatus', x: 0, y: 0, w: 2, h: 3 }],
    },
    visible: ['customStatus', 'recentDoorOpening'],
    locked: true,
  };

  it('is null until saved, then the saved preferences, per person, audited', async () => {
    const before = await send(test.app, owner.headers, 'GET', '/api/user/dashboard');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ data: null });

    const saved = await send(test.app, owner.headers, 'PUT', '/api/user/dashboard', prefs);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ data: prefs });
    const after = await send(test.app, owner.headers, 'GET', '/api/user/dashboard');
    expect(after.json()).toEqual({ data: prefs });
    // Another person of the same account keeps their own (none yet).
    const viewers = await send(test.app, viewer.headers, 'GET', '/api/user/dashboard');
    expect(viewers.json()).toEqual({ data: null });

    const [entry] = await auditEntries(db(), 'dashboard', 'update');
    expect(entry).toMatchObject({
      information: 'Saved the dashboard: 2 card(s) shown, locked',
      result: 'success',
      userEmail: 'owner@demo.vigil.test',
      accountName: 'Demo Laboratory',
    });
  });

  it('lets a user save their own, and refuses the platform administrator and strangers', async () => {
    const saved = await send(test.app, viewer.headers, 'PUT', '/api/user/dashboard', {
      layouts: {},
      visible: [],
      locked: false,
    });
    expect(saved.statusCode).toBe(200);
    expect((await send(test.app, viewer.headers, 'GET', '/api/user/dashboard')).json()).toEqual({
      data: { layouts: {}, visible: [], locked: false },
    });
    expect((await send(test.app, admin.headers, 'GET', '/api/user/dashboard')).statusCode).toBe(
      403,
    );
    expect(
      (await send(test.app, admin.headers, 'PUT', '/api/user/dashboard', prefs)).statusCode,
    ).toBe(403);
    expect((await send(test.app, {}, 'GET', '/api/user/dashboard')).statusCode).toBe(401);
  });

  it.each([
    ['no body', undefined, undefined],
    ['a card that does not exist', { ...prefs, visible: ['weather'] }, 'visible.0'],
    ['a breakpoint that does not exist', { ...prefs, layouts: { xl: [] } }, 'layouts'],
    [
      'a layout item without its size',
      { ...prefs, layouts: { lg: [{ i: 'customStatus', x: 0, y: 0 }] } },
      'layouts.lg.0.w',
    ],
    ['a lock that is not a flag', { ...prefs, locked: 'yes' }, 'locked'],
  ])('refuses %s with 400 and keeps what was saved', async (_name, body, field) => {
    const response = await send(test.app, owner.headers, 'PUT', '/api/user/dashboard', body);
    expect(response.statusCode).toBe(400);
    const [error] = response.json().errors;
    expect(error.message).toEqual(expect.any(String));
    if (field) expect(error.field).toBe(field);
    const after = await send(test.app, owner.headers, 'GET', '/api/user/dashboard');
    expect(after.json()).toEqual({ data: prefs });
  });
});

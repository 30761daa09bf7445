import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, alarms, alarmUsers, devices } from '../../src/db/schema/index.js';
import { demo, userIdOf } from '../helpers/fixtures.js';
import { accountIdOf, insertDevice } from '../helpers/history-fixtures.js';
import {
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
let fridge: string;
let freezer: string;
let spill: string;
let unassigned: string;
let viewerId: string;

beforeAll(async () => {
  ({ test, owner, viewer, admin, other } = await createInventoryApp());
  const { db } = test.runtime.ctx;
  const accountId = await accountIdOf(db, demo.owner);
  viewerId = await userIdOf(db, demo.viewer);
  fridge = await insertDevice(db, accountId, 'Alarm fridge', [viewerId]);
  freezer = await insertDevice(db, accountId, 'Alarm freezer', [viewerId]);
  spill = await insertDevice(db, accountId, 'Spill node', [viewerId]);
  unassigned = await insertDevice(db, accountId, 'Owner only');
  await db.update(devices).set({ spillSensor: true, nodeType: 2 }).where(eq(devices.id, spill));
});
afterAll(async () => {
  await test.close();
});

const call = (
  headers: Headers,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
) => send(test.app, headers, method, url, body);

const alarmBody = (overrides: object = {}) => ({
  name: 'Fridge range',
  deviceId: fridge,
  tempEnabled: true,
  minTemp: 2,
  maxTemp: 8,
  adminEnable: true,
  users: [],
  ...overrides,
});

const alarmCount = async () => (await test.runtime.ctx.db.select().from(alarms)).length;

describe('device alarms', () => {
  it('adds an alarm with its defaults and recipients, in Celsius, audited', async () => {
    const created = await call(owner.headers, 'POST', '/api/alarms/setAlarm', {
      ...alarmBody(),
      humidityEnabled: true,
      minHumidity: 30,
      maxHumidity: 70,
      users: [
        { userId: viewerId },
        { email: ' Night@Lab.example ', countryCode: '+91', phoneNumber: '98765 43210' },
      ],
      delay: 600,
      frequency: 30,
    });
    expect(created.statusCode).toBe(201);
    const alarm = created.json().data;
    expect(alarm).toMatchObject({
      name: 'Fridge range',
      alarmName: 'Fridge range',
      kind: 'threshold',
      deviceId: fridge,
      deviceInfo: { id: fridge, name: 'Alarm fridge' },
      minTemp: 2,
      maxTemp: 8,
      type: 'temperature, humidity',
      delay: 600,
      frequency: 30,
      oneTime: false,
      timezone: 'Etc/UTC',
      emailEnable: true,
      textEnable: false,
      callEnable: false,
      enable: true,
      profileId: null,
      createdByRole: 'super_user',
      canEdit: true,
    });
    expect(alarm.alarmUsers).toMatchObject([
      { userId: viewerId, email: demo.viewer },
      { userId: null, email: 'night@lab.example', countryCode: '+91', phoneNumber: '9876543210' },
    ]);
    expect((await auditEntries(test.runtime.ctx.db, 'alarm', 'create'))[0]?.information).toBe(
      'Added alarm "Fridge range" on device "Alarm fridge"',
    );
  });

  it.each([
    [{ name: undefined }, 'please enter alarm name'],
    [{ name: '  ' }, 'please enter alarm name'],
    [{ name: 'a' }, 'alarm name must be at least 2 characters'],
    [{ name: 'a'.repeat(31) }, "alarm name shouldn't be longer than 30 characters"],
    [{ deviceId: 'spill node', waterEnabled: false }, 'please enable water sensor'],
    [{ adminEnable: false, users: [] }, 'please select at least one user or enable notify admin'],
    [{ minTemp: 9, maxTemp: 8 }, 'max should be greater than min'],
    [{ minTemp: null }, 'please enter both min and max for each enabled sensor'],
    [{ minTemp: -201 }, 'the value is outside the allowed range for this sensor'],
    [
      { humidityEnabled: true, minHumidity: 10, maxHumidity: 101 },
      'the value is outside the allowed range for this sensor',
    ],
    [
      { users: [{ email: 'not-an-email', phoneNumber: '2070000000' }] },
      'please enter valid email or phone number for a user',
    ],
    [
      { users: [{ email: 'a@lab.example', phoneNumber: '' }] },
      'please enter valid email or phone number for a user',
    ],
    [
      {
        users: [
          { email: 'a@lab.example', phoneNumber: '2070000000' },
          { email: 'A@lab.example', phoneNumber: '2070000001' },
        ],
      },
      'this user is already added to the alarm',
    ],
    [{ delay: 100 }, 'please choose a delay'],
    [{ frequency: 10 }, 'please choose an alarm frequency'],
    [{ frequency: 135 }, 'please choose an alarm frequency'],
    [{ callEnable: true }, 'voice call alerts are not enabled for this account'],
  ])('refuses %j with "%s" and adds nothing', async (overrides, message) => {
    const before = await alarmCount();
    // The table is built before the devices exist: the spill node is named, then swapped in.
    const body = alarmBody(overrides);
    if (body.deviceId === 'spill node') body.deviceId = spill;
    const response = await call(owner.headers, 'POST', '/api/alarms/setAlarm', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe(message);
    expect(await alarmCount()).toBe(before);
  });

  it('accepts a spill node alarm watching the water, and voice calls once the account has them', async () => {
    const water = await call(owner.headers, 'POST', '/api/alarms/setAlarm', {
      ...alarmBody({ deviceId: spill, tempEnabled: false, waterEnabled: true }),
    });
    expect(water.statusCode).toBe(201);
    expect(water.json().data.type).toBe('water');
    const { db } = test.runtime.ctx;
    const accountId = await accountIdOf(db, demo.owner);
    await db.update(accounts).set({ voiceCall: true }).where(eq(accounts.id, accountId));
    const voice = await call(owner.headers, 'POST', '/api/alarms/setAlarm', {
      ...alarmBody({ name: 'Voice', callEnable: true }),
    });
    await db.update(accounts).set({ voiceCall: false }).where(eq(accounts.id, accountId));
    expect(voice.statusCode).toBe(201);
    expect(voice.json().data.callEnable).toBe(true);
  });

  it('lists a device’s alarms 10 a page, all of them without a page', async () => {
    for (let i = 0; i < 11; i += 1)
      expect(
        (
          await call(owner.headers, 'POST', '/api/alarms/setAlarm', {
            ...alarmBody({ name: `Freezer ${String(i)}`, deviceId: freezer }),
          })
        ).statusCode,
      ).toBe(201);
    const first = (await call(owner.headers, 'GET', `/api/alarms/${freezer}?page=1`)).json().data;
    expect(first.list).toHaveLength(10);
    expect(first.meta.pagination).toMatchObject({ total: 11, totalPages: 2, pageSize: 10 });
    const second = (await call(owner.headers, 'GET', `/api/alarms/${freezer}?page=2`)).json().data;
    expect(second.list).toHaveLength(1);
    const all = (await call(owner.headers, 'GET', `/api/alarms/${freezer}`)).json().data;
    expect(all.list).toHaveLength(11);
    expect(all.meta.pagination.pageSize).toBe(1000);
  });

  it('changes and deletes an alarm, auditing both', async () => {
    const created = (
      await call(owner.headers, 'POST', '/api/alarms/setAlarm', alarmBody({ name: 'To change' }))
    ).json().data;
    const changed = await call(owner.headers, 'PUT', `/api/alarms/${created.id}`, {
      ...alarmBody({ name: 'Changed', maxTemp: 10, one_time: true }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Changed', maxTemp: 10, oneTime: true });
    const refused = await call(owner.headers, 'PUT', `/api/alarms/${created.id}`, {
      ...alarmBody({ minTemp: 11, maxTemp: 10 }),
    });
    expect(refused.json().errors[0]).toMatchObject({
      message: 'max should be greater than min',
      field: 'maxTemp',
    });
    const deleted = await call(owner.headers, 'DELETE', `/api/alarms/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    const { db } = test.runtime.ctx;
    expect(await db.select().from(alarms).where(eq(alarms.id, created.id))).toEqual([]);
    expect(await db.select().from(alarmUsers).where(eq(alarmUsers.alarmId, created.id))).toEqual(
      [],
    );
    expect((await auditEntries(db, 'alarm', 'update'))[0]?.information).toBe(
      'Changed alarm "Changed" on device "Alarm fridge"',
    );
    expect((await auditEntries(db, 'alarm', 'delete'))[0]?.information).toBe(
      'Deleted alarm "Changed" on device "Alarm fridge"',
    );
  });
});

describe('the editing rule and tenancy', () => {
  it('lets a user add and change their own alarm but not an owner’s', async () => {
    const ownerAlarm = (
      await call(owner.headers, 'POST', '/api/alarms/setAlarm', alarmBody({ name: 'Owner set' }))
    ).json().data;
    const listed = (await call(viewer.headers, 'GET', `/api/alarms/${fridge}`)).json().data.list;
    expect(listed.find((a: { id: string }) => a.id === ownerAlarm.id).canEdit).toBe(false);
    for (const [method, body] of [
      ['PUT', alarmBody({ name: 'Hijack' })],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(viewer.headers, method, `/api/alarms/${ownerAlarm.id}`, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].message).toBe(
        'this alarm was created by an account owner; a user cannot change it',
      );
    }
    const mine = await call(viewer.headers, 'POST', '/api/alarms/setAlarm', {
      ...alarmBody({ name: 'Viewer set', adminEnable: false, users: [{ userId: viewerId }] }),
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().data).toMatchObject({ createdByRole: 'user', canEdit: true });
    const id = mine.json().data.id;
    expect(
      (await call(viewer.headers, 'PUT', `/api/alarms/${id}`, alarmBody({ name: 'Viewer 2' })))
        .statusCode,
    ).toBe(200);
    expect((await call(owner.headers, 'DELETE', `/api/alarms/${id}`)).statusCode).toBe(200);
  });

  it('keeps a user to their devices and to themselves as a recipient', async () => {
    const elsewhere = await call(viewer.headers, 'POST', '/api/alarms/setAlarm', {
      ...alarmBody({ deviceId: unassigned }),
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await call(viewer.headers, 'GET', `/api/alarms/${unassigned}`)).statusCode).toBe(404);
    const ownerId = await userIdOf(test.runtime.ctx.db, demo.owner);
    const naming = await call(viewer.headers, 'POST', '/api/alarms/setAlarm', {
      ...alarmBody({ users: [{ userId: ownerId }] }),
    });
    expect(naming.statusCode).toBe(403);
  });

  it('answers another account with 404 and changes nothing', async () => {
    const alarm = (
      await call(owner.headers, 'POST', '/api/alarms/setAlarm', alarmBody({ name: 'Private' }))
    ).json().data;
    expect((await call(other.headers, 'GET', `/api/alarms/${fridge}`)).statusCode).toBe(404);
    expect(
      (await call(other.headers, 'POST', '/api/alarms/setAlarm', alarmBody())).statusCode,
    ).toBe(404);
    expect(
      (await call(other.headers, 'PUT', `/api/alarms/${alarm.id}`, alarmBody())).statusCode,
    ).toBe(404);
    expect((await call(other.headers, 'DELETE', `/api/alarms/${alarm.id}`)).statusCode).toBe(404);
    const otherList = (await call(other.headers, 'GET', '/api/alarms/list')).json().data;
    expect(otherList.list).toEqual([]);
    expect(
      (
        await call(owner.headers, 'POST', '/api/alarms/setAlarm', {
          ...alarmBody({ users: [{ userId: other.userId }] }),
        })
      ).json().errors[0].message,
    ).toBe('please enter valid email or phone number for a user');
  });

  it('lists the alarms page per role: all accounts, the account, assigned devices', async () => {
    const asAdmin = (await call(admin.headers, 'GET', '/api/alarms/list?pageSize=1000')).json()
      .data;
    const asOwner = (await call(owner.headers, 'GET', '/api/alarms/list?pageSize=1000')).json()
      .data;
    const asViewer = (await call(viewer.headers, 'GET', '/api/alarms/list?pageSize=1000')).json()
      .data;
    expect(asAdmin.list.length).toBe(asOwner.list.length);
    expect(asAdmin.list[0].accountName).toBe('Demo Laboratory');
    expect(asOwner.list[0].accountName).toBeNull();
    expect(asViewer.list.every((a: { deviceId: string }) => a.deviceId !== unassigned)).toBe(true);
    const paged = (await call(owner.headers, 'GET', '/api/alarms/list')).json().data;
    expect(paged.list).toHaveLength(10);
    expect(paged.list[0]).toMatchObject({
      deviceInfo: { deviceId: expect.any(String), name: expect.any(String) },
      alarmInfo: { name: expect.any(String) },
      type: expect.any(String),
      createdAt: expect.any(String),
    });
    const search = (await call(owner.headers, 'GET', '/api/alarms/list?search=freezer 1')).json()
      .data;
    expect(search.list.map((a: { name: string }) => a.name).sort()).toEqual([
      'Freezer 1',
      'Freezer 10',
    ]);
  });
});

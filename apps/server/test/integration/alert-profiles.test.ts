import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, alarmUsers, alertProfiles, devices } from '../../src/db/schema/index.js';
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
let other: Session;
let first: string;
let second: string;
let third: string;
let lit: string;
let viewerId: string;

const lightReading = { createdAt: '2026-01-01T00:00:00.000Z', light_s: 420, t: 21 };

beforeAll(async () => {
  ({ test, owner, viewer, other } = await createInventoryApp());
  const { db } = test.runtime.ctx;
  const accountId = await accountIdOf(db, demo.owner);
  viewerId = await userIdOf(db, demo.viewer);
  first = await insertDevice(db, accountId, 'Profile fridge 1', [viewerId]);
  second = await insertDevice(db, accountId, 'Profile fridge 2');
  third = await insertDevice(db, accountId, 'Profile fridge 3');
  lit = await insertDevice(db, accountId, 'Grow cabinet', [viewerId]);
  await db.update(devices).set({ latestData: lightReading }).where(eq(devices.id, lit));
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

const profileBody = (overrides: object = {}) => ({
  profileName: 'Vaccines',
  tempEnabled: true,
  minTemp: 2,
  maxTemp: 8,
  users: [{ userId: viewerId }],
  devices: [first, second],
  emailEnable: true,
  ...overrides,
});

const profileAlarms = (profileId: string) =>
  test.runtime.ctx.db.select().from(alarms).where(eq(alarms.profileId, profileId));

describe('alert profiles', () => {
  it('applies a profile to its devices, updates and removes their alarms with it', async () => {
    const created = await call(owner.headers, 'POST', '/api/alarms/setAlarmProfile', profileBody());
    expect(created.statusCode).toBe(201);
    const profile = created.json().data;
    expect(profile).toMatchObject({
      profileName: 'Vaccines',
      minTemp: 2,
      maxTemp: 8,
      users: [{ userId: viewerId, email: demo.viewer }],
    });
    expect(profile.devices.map((d: { id: string }) => d.id).sort()).toEqual([first, second].sort());
    let applied = await profileAlarms(profile.profileId);
    expect(applied.map((a) => [a.deviceId, a.name, a.minTemp, a.maxTemp]).sort()).toEqual(
      [
        [first, 'Vaccines', 2, 8],
        [second, 'Vaccines', 2, 8],
      ].sort(),
    );
    const { db } = test.runtime.ctx;
    const recipients = await db
      .select()
      .from(alarmUsers)
      .where(
        inArray(
          alarmUsers.alarmId,
          applied.map((a) => a.id),
        ),
      );
    expect(recipients.map((r) => r.userId)).toEqual([viewerId, viewerId]);

    // A profile alarm is edited through its profile only.
    const locked = await call(owner.headers, 'DELETE', `/api/alarms/${applied[0]?.id ?? ''}`);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().errors[0].message).toBe(
      'this alarm comes from an alert profile; change it through the profile',
    );
    const listed = (await call(owner.headers, 'GET', `/api/alarms/${first}`)).json().data.list;
    expect(listed[0]).toMatchObject({ profileId: profile.profileId, canEdit: false });

    const updated = await call(owner.headers, 'POST', '/api/alarms/updateAlarmProfile', {
      ...profileBody({ profileName: 'Vaccines 2', maxTemp: 6, devices: [second, third] }),
      users: [{ email: 'duty@lab.example', countryCode: '+1', phoneNumber: '5550100' }],
      profileId: profile.profileId,
    });
    expect(updated.statusCode).toBe(200);
    applied = await profileAlarms(profile.profileId);
    expect(applied.map((a) => [a.deviceId, a.name, a.maxTemp]).sort()).toEqual(
      [
        [second, 'Vaccines 2', 6],
        [third, 'Vaccines 2', 6],
      ].sort(),
    );
    const after = await db
      .select()
      .from(alarmUsers)
      .where(
        inArray(
          alarmUsers.alarmId,
          applied.map((a) => a.id),
        ),
      );
    expect(after.map((r) => r.email)).toEqual(['duty@lab.example', 'duty@lab.example']);
    expect((await auditEntries(db, 'alertProfile', 'update'))[0]?.information).toBe(
      'Changed alert profile "Vaccines 2" on "Profile fridge 2", "Profile fridge 3"; removed from "Profile fridge 1"',
    );

    const list = (
      await call(owner.headers, 'GET', '/api/alarms/getAlarmProfiles?search=vacc')
    ).json().data;
    expect(list.meta.total).toBe(1);
    expect(list.result[0]).toMatchObject({ profileName: 'Vaccines 2', maxTemp: 6 });

    const removed = await call(owner.headers, 'POST', '/api/alarms/deleteAlarmProfile', {
      profileId: profile.profileId,
    });
    expect(removed.statusCode).toBe(200);
    expect(await profileAlarms(profile.profileId)).toEqual([]);
    expect(
      await db.select().from(alertProfiles).where(eq(alertProfiles.id, profile.profileId)),
    ).toEqual([]);
    expect((await auditEntries(db, 'alertProfile', 'delete'))[0]?.information).toBe(
      'Deleted alert profile "Vaccines 2" and its 2 alarm(s)',
    );
  });

  it.each([
    [{ profileName: '' }, 'profile name is required'],
    [{ profileName: 'a'.repeat(31) }, "profile name shouldn't be longer than 30 characters"],
    [{ profileName: 'a' }, 'profile name must be at least 2 characters'],
    [{ devices: [] }, 'at least one device is required to select'],
    [
      { emailEnable: false, phoneEnable: false, callEnable: false },
      'select at least one toggle either email or text when alarm is enabled',
    ],
    [{ minTemp: 9 }, 'max should be greater than min'],
    [{ users: [], adminEnable: false }, 'please select at least one user or enable notify admin'],
  ])('refuses %j with "%s"', async (overrides, message) => {
    const before = (await test.runtime.ctx.db.select().from(alertProfiles)).length;
    const response = await call(
      owner.headers,
      'POST',
      '/api/alarms/setAlarmProfile',
      profileBody(overrides),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe(message);
    expect((await test.runtime.ctx.db.select().from(alertProfiles)).length).toBe(before);
  });

  it('is the owner’s alone: a user sees none and may change none; another account gets 404', async () => {
    const profile = (
      await call(owner.headers, 'POST', '/api/alarms/setAlarmProfile', profileBody())
    ).json().data;
    const asUser = (await call(viewer.headers, 'GET', '/api/alarms/getAlarmProfiles')).json().data;
    expect(asUser).toEqual({ result: [], meta: { total: 0 } });
    expect(
      (await call(viewer.headers, 'POST', '/api/alarms/setAlarmProfile', profileBody())).statusCode,
    ).toBe(403);
    expect(
      (
        await call(other.headers, 'POST', '/api/alarms/updateAlarmProfile', {
          ...profileBody(),
          profileId: profile.profileId,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(other.headers, 'POST', '/api/alarms/deleteAlarmProfile', {
          profileId: profile.profileId,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(other.headers, 'POST', '/api/alarms/setAlarmProfile', profileBody())).statusCode,
    ).toBe(404);
    expect((await call(other.headers, 'GET', '/api/alarms/getAlarmProfiles')).json().data).toEqual({
      result: [],
      meta: { total: 0 },
    });
    expect(await profileAlarms(profile.profileId)).toHaveLength(2);
  });
});

const week = (enabled: boolean) => ({
  days: Array.from({ length: 7 }, (_, day) => ({
    day,
    enabled: enabled && day < 5,
    windows: [
      { from: '08:00', to: '12:00' },
      { from: '13:00', to: '17:45' },
    ],
  })),
});

const lightBody = (overrides: object = {}) => ({
  name: 'Grow lights',
  minLux: 300,
  maxLux: 800.5,
  lightSchedule: week(true),
  devices: [lit],
  adminEnable: true,
  ...overrides,
});

describe('light alarms', () => {
  it('adds, lists, changes and deletes a light alarm on a device with a light sensor', async () => {
    const created = await call(owner.headers, 'POST', '/api/alarms/lightProfile', lightBody());
    expect(created.statusCode).toBe(201);
    const [alarm] = created.json().data.list;
    expect(alarm).toMatchObject({
      kind: 'light',
      type: 'light',
      deviceId: lit,
      minLux: 300,
      maxLux: 800.5,
      lightSchedule: week(true),
    });
    const listed = (await call(viewer.headers, 'GET', '/api/alarms/lightProfile')).json().data;
    expect(listed.list.map((a: { id: string }) => a.id)).toEqual([alarm.id]);
    expect(listed.list[0].canEdit).toBe(false);
    const { devices: _devices, ...update } = lightBody({ maxLux: 900, lightSchedule: week(false) });
    const changed = await call(
      owner.headers,
      'PUT',
      `/api/alarms/lightProfile/${alarm.id}`,
      update,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ maxLux: 900, lightSchedule: week(false) });
    expect(
      (await call(owner.headers, 'PUT', `/api/alarms/lightProfile/${alarm.id}`, update)).statusCode,
    ).toBe(200);
    expect((await call(viewer.headers, 'DELETE', `/api/alarms/${alarm.id}`)).statusCode).toBe(403);
    expect((await call(owner.headers, 'DELETE', `/api/alarms/${alarm.id}`)).statusCode).toBe(200);
    expect((await auditEntries(test.runtime.ctx.db, 'alarm', 'delete'))[0]?.information).toBe(
      'Deleted light alarm "Grow lights" on device "Grow cabinet"',
    );
  });

  it.each([
    [{ devices: ['no light'] }, 'this device has no light sensor'],
    [{ devices: [] }, 'at least one device is required to select'],
    [{ minLux: 0 }, 'the value is outside the allowed range for this sensor'],
    [{ maxLux: 65537 }, 'the value is outside the allowed range for this sensor'],
    [{ minLux: 900, maxLux: 800 }, 'max should be greater than min'],
    [
      {
        lightSchedule: {
          days: week(true).days.map((d) => ({ ...d, windows: [{ from: '12:00', to: '08:00' }] })),
        },
      },
      'the end of a time window must be after its start',
    ],
    [{ lightSchedule: { days: [] } }, 'The request is not valid'],
    [
      { emailEnable: false, textEnable: false },
      'select at least one toggle either email or text when alarm is enabled',
    ],
  ])('refuses %j with "%s"', async (overrides, message) => {
    const body = lightBody(overrides);
    if (body.devices[0] === 'no light') body.devices = [first];
    const response = await call(owner.headers, 'POST', '/api/alarms/lightProfile', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toEqual(
      message === 'The request is not valid' ? expect.any(String) : message,
    );
  });

  it('keeps another account and unassigned devices out', async () => {
    expect(
      (await call(other.headers, 'POST', '/api/alarms/lightProfile', lightBody())).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          viewer.headers,
          'POST',
          '/api/alarms/lightProfile',
          lightBody({ devices: [second] }),
        )
      ).statusCode,
    ).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithOwner, demo, userIdOf } from '../helpers/fixtures.js';
import { addDevice, auditEntries, send, type Headers } from '../helpers/inventory.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Awaited<ReturnType<typeof login>>;
let viewer: Awaited<ReturnType<typeof login>>;
let other: Awaited<ReturnType<typeof login>>;
let fridge: { id: string };
let freezer: { id: string };
let otherDevice: { id: string };
let viewerId: string;

beforeAll(async () => {
  test = await createDemoApp();
  await createAccountWithOwner(test.runtime.ctx.db, 'Other Laboratory', 'owner@other.example');
  owner = await login(test.app, demo.owner);
  viewer = await login(test.app, demo.viewer);
  other = await login(test.app, 'owner@other.example');
  viewerId = await userIdOf(test.runtime.ctx.db, demo.viewer);
  fridge = await addDevice(test.app, owner.headers, { deviceName: 'Fridge R1' });
  freezer = await addDevice(test.app, owner.headers, { deviceName: 'Freezer F1' });
  otherDevice = await addDevice(test.app, other.headers, { deviceName: 'Not yours' });
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

const payload = (extra: object = {}) => ({
  name: 'Cold chain',
  temp: true,
  carbon: true,
  insightReport: false,
  humidity: true,
  pressure: false,
  thermo_couple: false,
  adminEnable: true,
  enable: true,
  frequency: 2,
  group: 1,
  offset: '+01:00',
  timezone: 'Europe/Vaduz',
  format: 1,
  sortBy: 0,
  type: 'normal',
  duration: 1,
  devices: [fridge.id, freezer.id],
  users: [viewerId],
  ...extra,
});

describe('reports', () => {
  it('adds, reads, changes and deletes a report, auditing each', async () => {
    const created = await call(owner.headers, 'POST', '/api/reports', payload());
    expect(created.statusCode).toBe(201);
    const report = created.json().data;
    expect(report).toMatchObject({
      name: 'Cold chain',
      type: 'normal',
      frequency: 2,
      duration: 1,
      format: 1,
      sortBy: 0,
      timezone: 'Europe/Vaduz',
      canEdit: true,
      reportsUsers: [{ id: viewerId, email: demo.viewer }],
    });
    expect(report.reportsDevices.map((d: { name: string }) => d.name)).toEqual([
      'Freezer F1',
      'Fridge R1',
    ]);
    // Weekly in Vaduz: the next Monday 00:00 local time.
    const next = new Date(report.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Vaduz',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(next),
    ).toBe('Monday 00:00');

    const listed = await call(owner.headers, 'GET', '/api/reports?page=1&pageSize=10');
    expect(listed.json().data.list.map((r: { id: string }) => r.id)).toContain(report.id);
    expect(listed.json().data.meta.pagination).toMatchObject({ currentPage: 1, totalPages: 1 });
    const optional = await call(
      owner.headers,
      'GET',
      '/api/reports?page=1&pageSize=10&type=optional',
    );
    expect(optional.json().data.list).toEqual([]);
    const one = await call(owner.headers, 'GET', `/api/reports?id=${report.id}`);
    expect(one.json().data.list).toHaveLength(1);

    const changed = await call(
      owner.headers,
      'PUT',
      `/api/reports/${report.id}`,
      payload({
        name: 'Cold chain daily',
        frequency: 1,
        devices: [fridge.id],
        enable: false,
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Cold chain daily',
      duration: 0,
      enable: false,
      nextRunAt: null,
    });
    expect(changed.json().data.reportsDevices).toHaveLength(1);

    const deleted = await call(owner.headers, 'DELETE', `/api/reports/${report.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call(owner.headers, 'GET', `/api/reports/${report.id}`)).statusCode).toBe(404);

    const { db } = test.runtime.ctx;
    expect((await auditEntries(db, 'report', 'create'))[0]?.information).toBe(
      'Added report "Cold chain" (environment, weekly, PDF, 2 device(s), 1 user(s))',
    );
    expect((await auditEntries(db, 'report', 'update'))[0]?.information).toBe(
      'Changed report "Cold chain" to "Cold chain daily" (environment, daily, PDF, 1 device(s), 1 user(s))',
    );
    expect((await auditEntries(db, 'report', 'delete'))[0]?.information).toBe(
      'Deleted report "Cold chain daily"',
    );
  });

  it('fills the optional defaults', async () => {
    const created = await call(owner.headers, 'POST', '/api/reports', {
      name: 'Doors',
      type: 'optional',
      timezone: 'America/New_York',
      devices: [fridge.id],
      users: [],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      door: true,
      lnlvl: true,
      lntmp: true,
      water: true,
      temp: false,
      adminEnable: true,
      enable: true,
      frequency: 1,
      format: 0,
      sortBy: 1,
    });
    const listed = await call(owner.headers, 'GET', '/api/reports?type=optional');
    expect(listed.json().data.list.map((r: { name: string }) => r.name)).toEqual(['Doors']);
  });

  it.each([
    [{ name: '' }, 'report name is required'],
    [{ name: 'x' }, 'report name is required'],
    [{ users: [], adminEnable: false }, 'please enter at least one user'],
    [{ devices: [] }, 'please select at least one device'],
    [{ devices: ['DEV'] }, 'device already exists'],
    [{ users: ['USER', 'USER'] }, 'user already exists'],
    [{ timezone: 'Nowhere/Land' }, 'please choose a valid timezone'],
  ])('refuses %j with "%s"', async (change, message) => {
    const body = payload(change) as Record<string, unknown>;
    if (Array.isArray(body.devices) && body.devices[0] === 'DEV')
      body.devices = [fridge.id, freezer.id, fridge.id];
    if (Array.isArray(body.users) && body.users[0] === 'USER') body.users = [viewerId, viewerId];
    const response = await call(owner.headers, 'POST', '/api/reports', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it("keeps to the account: another account's device is not found", async () => {
    const response = await call(
      owner.headers,
      'POST',
      '/api/reports',
      payload({ devices: [otherDevice.id] }),
    );
    expect(response.statusCode).toBe(404);
  });

  it('shows a user only the reports they receive, read-only', async () => {
    const mine = (
      await call(owner.headers, 'POST', '/api/reports', payload({ name: 'For viewer' }))
    ).json().data;
    const notMine = (
      await call(owner.headers, 'POST', '/api/reports', payload({ name: 'Owner only', users: [] }))
    ).json().data;
    const listed = await call(viewer.headers, 'GET', '/api/reports?pageSize=1000');
    const names = listed.json().data.list.map((r: { name: string }) => r.name);
    expect(names).toContain('For viewer');
    expect(names).not.toContain('Owner only');
    expect(listed.json().data.list[0].canEdit).toBe(false);
    expect((await call(viewer.headers, 'GET', `/api/reports/${mine.id}`)).statusCode).toBe(200);
    expect((await call(viewer.headers, 'GET', `/api/reports/${notMine.id}`)).statusCode).toBe(404);
    expect((await call(viewer.headers, 'DELETE', `/api/reports/${mine.id}`)).statusCode).toBe(403);
    expect((await call(other.headers, 'GET', `/api/reports/${mine.id}`)).statusCode).toBe(404);
  });
});

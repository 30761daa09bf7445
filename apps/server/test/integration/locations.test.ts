import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, locations } from '../../src/db/schema/index.js';
import { createAccountWithOwner, demo, userIdOf } from '../helpers/fixtures.js';
import { addDevice, addLocation, auditEntries, send, type Headers } from '../helpers/inventory.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Awaited<ReturnType<typeof login>>;
let viewer: Awaited<ReturnType<typeof login>>;
let admin: Awaited<ReturnType<typeof login>>;
let other: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  test = await createDemoApp();
  await createAccountWithOwner(test.runtime.ctx.db, 'Other Laboratory', 'owner@other.example');
  owner = await login(test.app, demo.owner);
  viewer = await login(test.app, demo.viewer);
  admin = await login(test.app, demo.admin);
  other = await login(test.app, 'owner@other.example');
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

const locationNames = async () =>
  (await test.runtime.ctx.db.select({ name: locations.name }).from(locations)).map((l) => l.name);

describe('locations', () => {
  it('adds and renames a location, auditing both', async () => {
    const created = await call(owner.headers, 'POST', '/api/location', { name: ' Cold Room A ' });
    expect(created.statusCode).toBe(201);
    const location = created.json().data;
    expect(location).toMatchObject({ name: 'Cold Room A', deviceCount: 0 });
    const renamed = await call(owner.headers, 'PUT', `/api/location/${location.id}`, {
      name: 'Cold Room 1',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: location.id, name: 'Cold Room 1' });
    const { db } = test.runtime.ctx;
    expect((await auditEntries(db, 'location', 'create'))[0]?.information).toBe(
      'Added location "Cold Room A"',
    );
    expect((await auditEntries(db, 'location', 'update'))[0]?.information).toBe(
      'Renamed location "Cold Room A" to "Cold Room 1"',
    );
  });

  it.each([
    [{}, 'location is required'],
    [{ name: '   ' }, 'location is required'],
    [{ name: 'l'.repeat(51) }, "location name shouldn't be longer than 50 characters"],
  ])('refuses %j with "%s" and changes nothing', async (body, message) => {
    const location = await addLocation(test.app, owner.headers, 'Unchanged');
    const before = await locationNames();
    for (const [method, url] of [
      ['POST', '/api/location'],
      ['PUT', `/api/location/${location.id}`],
    ] as const) {
      const response = await call(owner.headers, method, url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toBe(message);
    }
    expect(await locationNames()).toEqual(before);
  });

  it('lists them by name: all of them for page 0, paged otherwise', async () => {
    const { owner: labOwner } = await createAccountWithOwner(
      test.runtime.ctx.db,
      'Location Lab',
      'owner@location-lab.example',
    );
    const session = await login(test.app, labOwner.email);
    for (const name of ['Room C', 'Room A', 'Room B'])
      await addLocation(test.app, session.headers, name);
    const base = `/api/location/${session.userId}`;
    const all = await call(session.headers, 'GET', `${base}?page=0`);
    expect(all.json().data.list.map((l: { name: string }) => l.name)).toEqual([
      'Room A',
      'Room B',
      'Room C',
    ]);
    expect(all.json().data.meta.pagination).toEqual({
      page: 0,
      pageSize: 3,
      total: 3,
      totalPages: 1,
      currentPage: 0,
    });
    const second = await call(session.headers, 'GET', `${base}?page=2&pageSize=2`);
    expect(second.json().data.list.map((l: { name: string }) => l.name)).toEqual(['Room C']);
    expect(second.json().data.meta.pagination).toMatchObject({ total: 3, totalPages: 2 });
    expect((await call(session.headers, 'GET', `/api/location/${owner.userId}`)).statusCode).toBe(
      404,
    );
    expect((await call(admin.headers, 'GET', `/api/location/${admin.userId}`)).statusCode).toBe(
      403,
    );
  });

  it('shows a user only the locations holding devices assigned to them', async () => {
    const shared = await addLocation(test.app, owner.headers, 'Shared Room');
    const hidden = await addLocation(test.app, owner.headers, 'Hidden Room');
    const assigned = await addDevice(test.app, owner.headers, { locationId: shared.id });
    await addDevice(test.app, owner.headers, { locationId: shared.id });
    await addDevice(test.app, owner.headers, { locationId: hidden.id });
    await call(owner.headers, 'POST', '/api/device/assignUser', {
      userId: await userIdOf(test.runtime.ctx.db, demo.viewer),
      deviceId: assigned.id,
    });
    const forViewer = await call(viewer.headers, 'GET', `/api/location/${viewer.userId}?page=0`);
    expect(forViewer.statusCode).toBe(200);
    expect(forViewer.json().data.list).toEqual([
      expect.objectContaining({ id: shared.id, deviceCount: 1 }),
    ]);
    const forOwner = await call(owner.headers, 'GET', `/api/location/${owner.userId}?page=0`);
    const counts = Object.fromEntries(
      forOwner
        .json()
        .data.list.map((l: { id: string; deviceCount: number }) => [l.id, l.deviceCount]),
    );
    expect(counts[shared.id]).toBe(2);
    expect(counts[hidden.id]).toBe(1);
  });

  it('deletes a location but keeps its devices, marked for relocation', async () => {
    const location = await addLocation(test.app, owner.headers, 'Demolished Wing');
    const first = await addDevice(test.app, owner.headers, { locationId: location.id });
    const second = await addDevice(test.app, owner.headers, { locationId: location.id });
    const response = await call(owner.headers, 'DELETE', `/api/location/${location.id}`);
    expect(response.statusCode).toBe(200);
    for (const device of [first, second]) {
      const [row] = await test.runtime.ctx.db
        .select({ locationId: devices.locationId, removedAt: devices.removedFromLocationAt })
        .from(devices)
        .where(eq(devices.id, device.id));
      expect(row?.locationId).toBeNull();
      expect(row?.removedAt).toBeInstanceOf(Date);
    }
    expect((await auditEntries(test.runtime.ctx.db, 'location', 'delete'))[0]?.information).toBe(
      'Deleted location "Demolished Wing"; 2 device(s) taken out of it',
    );
    expect((await call(owner.headers, 'DELETE', `/api/location/${location.id}`)).statusCode).toBe(
      404,
    );
  });

  it('is changed by owners only, and another account gets 404', async () => {
    const location = await addLocation(test.app, owner.headers, 'Owners Only');
    const url = `/api/location/${location.id}`;
    expect((await call(viewer.headers, 'POST', '/api/location', { name: 'Mine' })).statusCode).toBe(
      403,
    );
    expect((await call(viewer.headers, 'PUT', url, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(other.headers, 'PUT', url, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(other.headers, 'DELETE', url)).statusCode).toBe(404);
    const list = await call(other.headers, 'GET', `/api/location/${other.userId}?page=0`);
    expect(list.json().data.list.map((l: { id: string }) => l.id)).not.toContain(location.id);
    expect(await locationNames()).toContain('Owners Only');
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { devices } from '../../src/db/schema/index.js';
import { createAccountWithOwner, demo, userIdOf } from '../helpers/fixtures.js';
import {
  addDevice,
  addGateway,
  addLocation,
  auditEntries,
  createInventoryApp,
  send,
  type Headers,
  type Session,
} from '../helpers/inventory.js';
import { login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Session;
let viewer: Session;
let admin: Session;
let other: Session;

beforeAll(async () => {
  ({ test, owner, viewer, admin, other } = await createInventoryApp());
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

describe('listing devices', () => {
  it('pages the account’s devices and filters by location', async () => {
    const { db } = test.runtime.ctx;
    const { account, owner: labOwner } = await createAccountWithOwner(
      db,
      'Paging Lab',
      'owner@paging.example',
    );
    const session = await login(test.app, labOwner.email);
    const location = await addLocation(test.app, session.headers, 'Bench');
    for (let index = 0; index < 12; index += 1) {
      await addDevice(test.app, session.headers, {
        deviceName: `Sensor ${index}`,
        ...(index < 3 ? { locationId: location.id } : {}),
      });
    }
    const base = `/api/device/${session.userId}/`;
    const first = await call(session.headers, 'GET', `${base}?page=2&pageSize=10`);
    expect(first.json().data.list).toHaveLength(2);
    expect(first.json().data.meta.pagination).toEqual({
      page: 2,
      pageSize: 10,
      total: 12,
      totalPages: 2,
      currentPage: 2,
    });
    const full = await call(session.headers, 'GET', `${base}?page=1&pageSize=1000`);
    expect(full.json().data.list).toHaveLength(12);
    expect(
      full.json().data.list.every((d: { account: { id: string } }) => d.account.id === account.id),
    ).toBe(true);
    const inLocation = await call(session.headers, 'GET', `${base}?locationId=${location.id}`);
    expect(inLocation.json().data.meta.pagination.total).toBe(3);
    const unplaced = await call(session.headers, 'GET', `${base}?location=false&pageSize=1000`);
    expect(unplaced.json().data.meta.pagination.total).toBe(9);
    const search = await call(session.headers, 'GET', `${base}?search=sensor 1`);
    expect(
      search
        .json()
        .data.list.map((d: { name: string }) => d.name)
        .sort(),
    ).toEqual(['Sensor 1', 'Sensor 10', 'Sensor 11']);
  });

  it('answers 404 for another user’s list and 403 for the platform administrator', async () => {
    const notMine = await call(owner.headers, 'GET', `/api/device/${viewer.userId}/`);
    expect(notMine.statusCode).toBe(404);
    const platform = await call(admin.headers, 'GET', `/api/device/${admin.userId}/`);
    expect(platform.statusCode).toBe(403);
  });

  it('shows the stored latest reading as latestData.nodeData and in the status', async () => {
    const device = await addDevice(test.app, owner.headers);
    const createdAt = '2025-06-01T10:00:00.000Z';
    await test.runtime.ctx.db
      .update(devices)
      .set({
        status: 'active',
        lastSeenAt: new Date(createdAt),
        latestTs: new Date(createdAt),
        latestData: { createdAt, t: 4.2, h: 41, Node_Type: 1, BV: 88, backfilled: false },
      })
      .where(eq(devices.id, device.id));
    const list = await call(owner.headers, 'GET', `/api/device/${owner.userId}/?pageSize=1000`);
    const listed = list.json().data.list.find((d: { id: string }) => d.id === device.id);
    expect(listed.latestData.nodeData).toMatchObject({
      createdAt,
      t: 4.2,
      h: 41,
      Node_Type: 1,
      BV: 88,
      c: null,
      ln2lvl: null,
      backfilled: false,
    });
    const status = await call(owner.headers, 'GET', `/api/device/${device.id}/status`);
    expect(status.json().data).toEqual({
      id: device.id,
      deviceId: device.deviceId,
      name: device.name,
      locationId: null,
      location: null,
      equipmentType: 'N/A',
      nodeType: null,
      status: 'active',
      lastSeenAt: createdAt,
      latest: listed.latestData.nodeData,
      state: 'ok',
      alarms: [],
    });
  });

  it('lists every account’s devices for the platform administrator, searchable', async () => {
    const device = await addDevice(test.app, other.headers, { deviceName: 'Other Fridge' });
    const response = await call(admin.headers, 'GET', '/api/device/global?search=other%20fridge');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.list).toEqual([
      expect.objectContaining({
        id: device.id,
        account: expect.objectContaining({ companyName: 'Other Laboratory' }),
      }),
    ]);
    const forOwners = await call(owner.headers, 'GET', '/api/device/global');
    expect(forOwners.statusCode).toBe(403);
  });
});

describe('users and their devices', () => {
  it('shows a user only the devices assigned to them', async () => {
    const mine = await addDevice(test.app, owner.headers, { deviceName: 'Viewer Fridge' });
    const notMine = await addDevice(test.app, owner.headers, { deviceName: 'Owner Freezer' });
    const viewerId = await userIdOf(test.runtime.ctx.db, demo.viewer);
    const assigned = await call(owner.headers, 'POST', '/api/device/assignUser', {
      userId: viewerId,
      deviceId: mine.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data.deviceUsers).toEqual([
      { id: viewerId, name: 'Victor Viewer', email: demo.viewer },
    ]);
    const [entry] = await auditEntries(test.runtime.ctx.db, 'device', 'assignUser');
    expect(entry?.information).toBe(
      `Assigned ${demo.viewer} (Victor Viewer) to device ${mine.deviceId} (Viewer Fridge)`,
    );

    const list = await call(viewer.headers, 'GET', `/api/device/${viewer.userId}/?pageSize=1000`);
    expect(list.json().data.list.map((d: { id: string }) => d.id)).toEqual([mine.id]);
    expect((await call(viewer.headers, 'GET', `/api/device/${mine.id}/status`)).statusCode).toBe(
      200,
    );
    const hidden = await call(viewer.headers, 'GET', `/api/device/${notMine.id}/status`);
    expect(hidden.statusCode).toBe(404);

    const unassigned = await call(owner.headers, 'POST', '/api/device/unassignUser', {
      userId: viewerId,
      deviceId: mine.id,
    });
    expect(unassigned.json().data.deviceUsers).toEqual([]);
    expect(
      (await auditEntries(test.runtime.ctx.db, 'device', 'unassignUser'))[0]?.information,
    ).toBe(
      `Unassigned ${demo.viewer} (Victor Viewer) from device ${mine.deviceId} (Viewer Fridge)`,
    );
    const gone = await call(viewer.headers, 'GET', `/api/device/${mine.id}/status`);
    expect(gone.statusCode).toBe(404);
  });

  it('assigns only a user of the same account', async () => {
    const device = await addDevice(test.app, owner.headers);
    const ownerId = await userIdOf(test.runtime.ctx.db, demo.owner);
    const otherOwnerId = await userIdOf(test.runtime.ctx.db, 'owner@other.example');
    const owners = await call(owner.headers, 'POST', '/api/device/assignUser', {
      userId: ownerId,
      deviceId: device.id,
    });
    expect(owners.statusCode).toBe(400);
    expect(owners.json().errors[0].message).toBe(
      'only a user of this account can be assigned to its devices',
    );
    const foreign = await call(owner.headers, 'POST', '/api/device/assignUser', {
      userId: otherOwnerId,
      deviceId: device.id,
    });
    expect(foreign.statusCode).toBe(404);
    for (const [body, message] of [
      [{ deviceId: device.id }, 'please select a user'],
      [{ userId: ownerId }, 'please select a device'],
    ] as const) {
      const response = await call(owner.headers, 'POST', '/api/device/assignUser', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toBe(message);
    }
  });
});

describe('another account', () => {
  it('gets 404 for every device of this one', async () => {
    const device = await addDevice(test.app, owner.headers, { deviceName: 'Private' });
    const viewerId = await userIdOf(test.runtime.ctx.db, demo.viewer);
    const attempts = [
      call(other.headers, 'PUT', `/api/device/${device.id}`, { deviceName: 'Mine now' }),
      call(other.headers, 'DELETE', `/api/device/${device.id}`),
      call(other.headers, 'GET', `/api/device/${device.id}/status`),
      test.app.inject({
        method: 'POST',
        url: `/api/device/unassignLocation/${device.id}`,
        headers: other.headers,
      }),
      call(other.headers, 'POST', '/api/device/assignUser', {
        userId: viewerId,
        deviceId: device.id,
      }),
      call(other.headers, 'POST', '/api/device/unassignUser', {
        userId: viewerId,
        deviceId: device.id,
      }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    const list = await call(other.headers, 'GET', `/api/device/${other.userId}/?pageSize=1000`);
    expect(list.json().data.list.map((d: { id: string }) => d.id)).not.toContain(device.id);
    const [row] = await test.runtime.ctx.db
      .select({ name: devices.name })
      .from(devices)
      .where(eq(devices.id, device.id));
    expect(row?.name).toBe('Private');
  });
});

describe('deleting devices', () => {
  it('deletes the device, audits it and purges its readings in a job', async () => {
    const { db } = test.runtime.ctx;
    const device = await addDevice(test.app, owner.headers, { deviceName: 'Old Freezer' });
    await db.execute(sql`insert into readings (device_id, ts, t)
      select ${device.id}::uuid, now() - make_interval(mins => i), 4 from generate_series(1, 50) i`);
    await db.execute(sql`insert into reading_rollups_1h (device_id, bucket, metric, min, max, sum, count)
      values (${device.id}::uuid, date_trunc('hour', now()), 't', 4, 4, 200, 50)`);
    const response = await call(owner.headers, 'DELETE', `/api/device/${device.id}`);
    expect(response.statusCode).toBe(200);
    const [entry] = await auditEntries(db, 'device', 'delete');
    expect(entry?.information).toBe(
      `Deleted device ${device.deviceId} (Old Freezer) and its readings`,
    );
    await test.runtime.worker?.drain();
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select (
        (select count(*) from readings where device_id = ${device.id}::uuid) +
        (select count(*) from reading_rollups_1h where device_id = ${device.id}::uuid))::int as n`,
    );
    expect(left?.n).toBe(0);
    // And once more ten minutes on, for readings an ingest process stored meanwhile.
    const later = await queryRows<{ minutes: number | string }>(
      db,
      sql`select extract(epoch from run_at - now()) / 60 as minutes from jobs
        where name = 'device.purgeReadings' and payload->>'deviceId' = ${device.id}
          and status = 'queued'`,
    );
    expect(later.map((job) => Math.round(Number(job.minutes)))).toEqual([10]);
    const again = await call(owner.headers, 'DELETE', `/api/device/${device.id}`);
    expect(again.statusCode).toBe(404);
  });
});

describe('deviceList.csv', () => {
  it('downloads the scoped list with quoting and formula neutralisation', async () => {
    const { owner: labOwner } = await createAccountWithOwner(
      test.runtime.ctx.db,
      'CSV Lab',
      'owner@csv.example',
    );
    const session = await login(test.app, labOwner.email);
    const location = await addLocation(test.app, session.headers, 'Room "7", east');
    const gateway = await addGateway(test.app, session.headers, { gatewayName: '=HYPERLINK(1)' });
    const device = await addDevice(test.app, session.headers, {
      deviceName: '@SUM(A1)',
      equipmentType: '-80C',
      equipmentStatus: 0,
      offlineAlarmFrequency: 30,
      locationId: location.id,
      gatewayId: gateway.gateway.id,
    });
    const response = await call(session.headers, 'GET', '/api/device/csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="deviceList.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body.slice(1).split('\r\n')).toEqual([
      'Device ID,Name,Gateway,Equipment type,Equipment status,Offline alerts,"Offline alert frequency (minutes, 0 = account setting)",Created at,Location',
      `${device.deviceId.toUpperCase()},'@SUM(A1),'=HYPERLINK(1),'-80C,Inactive,Disabled,30,${device.createdAt},"Room ""7"", east"`,
      '',
    ]);
    const viewerCsv = await call(viewer.headers, 'GET', '/api/device/csv');
    expect(viewerCsv.statusCode).toBe(200);
    expect(viewerCsv.body).not.toContain(device.deviceId.toUpperCase());
  });
});

import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, gateways } from '../../src/db/schema/index.js';
import * as usersRepo from '../../src/modules/users/repo.js';
import { createAccountWithOwner, demo, fixturePasswordHash } from '../helpers/fixtures.js';
import { addDevice, addGateway, send } from '../helpers/inventory.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;

beforeAll(async () => {
  test = await createDemoApp();
});
afterAll(async () => {
  await test.close();
});

/**
 * A lab with two gateways (one online, one never heard from) and four devices: online, offline,
 * inactive offline (all three have reported), and one that never reported.
 */
async function statusLab() {
  const { db } = test.runtime.ctx;
  const { account, owner } = await createAccountWithOwner(db, 'Status Lab', 'owner@status.example');
  const member = await usersRepo.insertUser(db, {
    accountId: account.id,
    parentId: owner.id,
    name: 'Status Viewer',
    email: 'viewer@status.example',
    passwordHash: await fixturePasswordHash(),
    role: 'user',
    isActivated: true,
    emailConfirmedAt: new Date(),
  });
  const session = await login(test.app, owner.email);
  const north = await addGateway(test.app, session.headers, { gatewayName: 'North' });
  const south = await addGateway(test.app, session.headers, { gatewayName: 'South' });
  const online = await addDevice(test.app, session.headers, { gatewayId: north.gateway.id });
  const offline = await addDevice(test.app, session.headers, { gatewayId: south.gateway.id });
  const inactive = await addDevice(test.app, session.headers, {
    gatewayId: south.gateway.id,
    equipmentStatus: 0,
  });
  const silent = await addDevice(test.app, session.headers, { gatewayId: south.gateway.id });
  const seen = new Date(Date.now() - 3 * 3600_000);
  await db
    .update(gateways)
    .set({ status: 'online', lastSeenAt: seen })
    .where(eq(gateways.id, north.gateway.id));
  await db
    .update(devices)
    .set({ lastSeenAt: seen })
    .where(inArray(devices.id, [online.id, offline.id, inactive.id]));
  await db.update(devices).set({ status: 'active' }).where(eq(devices.id, online.id));
  await send(test.app, session.headers, 'POST', '/api/device/assignUser', {
    userId: member.id,
    deviceId: online.id,
  });
  return { session, ids: [online.id, offline.id, inactive.id], silent: silent.id };
}

const connected = async (headers: Record<string, string>) => {
  const response = await send(test.app, headers, 'GET', '/api/misc/connectedStatus');
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

describe('connected status', () => {
  it('counts the account for its owner, the assigned devices for a user, the platform for the administrator', async () => {
    const lab = await statusLab();
    // The device and the gateway never heard from are not connected: counted apart.
    expect(await connected(lab.session.headers)).toEqual({
      deviceCount: 3,
      gatewayCount: 1,
      totalOfflineDevices: 1,
      totalOfflineGateway: 0,
      gateways: { activeGateways: 1, inActiveGateways: 0, neverConnected: 1 },
      devices: { activeDevices: 1, inActiveDevices: 2, neverReported: 1 },
    });

    const member = await login(test.app, 'viewer@status.example');
    expect(await connected(member.headers)).toEqual({
      deviceCount: 1,
      gatewayCount: 1,
      totalOfflineDevices: 0,
      totalOfflineGateway: 0,
      gateways: { activeGateways: 1, inActiveGateways: 0, neverConnected: 0 },
      devices: { activeDevices: 1, inActiveDevices: 0, neverReported: 0 },
    });

    const demoOwner = await login(test.app, demo.owner);
    expect(await connected(demoOwner.headers)).toMatchObject({ deviceCount: 0, gatewayCount: 0 });

    const { db } = test.runtime.ctx;
    const [platformDevices] = await db
      .select({ n: count() })
      .from(devices)
      .where(sql`${devices.lastSeenAt} is not null`);
    const [platformGateways] = await db
      .select({ n: count() })
      .from(gateways)
      .where(sql`${gateways.lastSeenAt} is not null`);
    const [onlineDevices] = await db
      .select({ n: count() })
      .from(devices)
      .where(sql`${devices.status} = 'active' and ${devices.lastSeenAt} is not null`);
    const admin = await login(test.app, demo.admin);
    expect(await connected(admin.headers)).toMatchObject({
      deviceCount: platformDevices?.n,
      gatewayCount: platformGateways?.n,
      devices: { activeDevices: onlineDevices?.n },
    });
    expect(platformDevices?.n).toBeGreaterThanOrEqual(3);

    // The counts follow the devices: the other two come online, the silent one reports.
    await db.update(devices).set({ status: 'active' }).where(inArray(devices.id, lab.ids));
    await db
      .update(devices)
      .set({ status: 'active', lastSeenAt: new Date() })
      .where(eq(devices.id, lab.silent));
    expect(await connected(lab.session.headers)).toMatchObject({
      deviceCount: 4,
      totalOfflineDevices: 0,
      devices: { activeDevices: 4, inActiveDevices: 0, neverReported: 0 },
    });
  });

  it('needs a session', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/misc/connectedStatus' });
    expect(response.statusCode).toBe(401);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, gateways } from '../../src/db/schema/index.js';
import { createAccountWithOwner, demo } from '../helpers/fixtures.js';
import {
  addDevice,
  addGateway,
  auditEntries,
  randomGatewayId,
  send,
  storedHardwareId,
  typedHardwareId,
  type Headers,
} from '../helpers/inventory.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  test = await createDemoApp();
  owner = await login(test.app, demo.owner);
});
afterAll(async () => {
  await test.close();
});

const unlock = (headers: Headers, password: string) =>
  send(test.app, headers, 'POST', '/api/auth/unlock', { password });

async function unlockToken(headers: Headers): Promise<string> {
  const response = await unlock(headers, 'vigil-demo');
  expect(response.statusCode).toBe(200);
  return response.json().data.unlockToken;
}

const storedDeviceId = async (id: string) =>
  (
    await test.runtime.ctx.db
      .select({ deviceId: devices.deviceId })
      .from(devices)
      .where(eq(devices.id, id))
  )[0]?.deviceId;

describe('unlocking ID changes', () => {
  it('answers a 10-minute token for the right password and audits the check', async () => {
    const before = Date.now();
    const response = await unlock(owner.headers, 'vigil-demo');
    expect(response.statusCode).toBe(200);
    const { unlockToken: token, expiresAt } = response.json().data;
    expect(token).toEqual(expect.any(String));
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 1000);
    const asSession = await test.app.inject({
      method: 'GET',
      url: '/api/user/metadata',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asSession.statusCode).toBe(401);
    const [entry] = await auditEntries(test.runtime.ctx.db, 'auth', 'unlock');
    expect(entry).toMatchObject({ result: 'success', userEmail: demo.owner });
  });

  it('refuses a wrong password with "password didn\'t match" and audits the failure', async () => {
    const response = await unlock(owner.headers, 'not-my-password');
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0]).toMatchObject({
      message: "password didn't match",
      field: 'password',
    });
    const [entry] = await auditEntries(test.runtime.ctx.db, 'auth', 'unlock');
    expect(entry).toMatchObject({ result: 'failure', userEmail: demo.owner });
    const empty = await unlock(owner.headers, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].message).toBe("password didn't match");
  });

  it('locks unlocking after five wrong passwords, without locking sign-in', async () => {
    const { owner: person } = await createAccountWithOwner(
      test.runtime.ctx.db,
      'Guessing Lab',
      'owner@guessing.example',
    );
    const session = await login(test.app, person.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await unlock(session.headers, `guess-${attempt}`)).statusCode).toBe(403);
    }
    const locked = await unlock(session.headers, 'vigil-demo');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors[0].message).toBe(
      'too many wrong passwords, please wait a moment and try again',
    );
    await login(test.app, person.email);
  });

  it('is for account owners only', async () => {
    const viewer = await login(test.app, demo.viewer);
    const admin = await login(test.app, demo.admin);
    expect((await unlock(viewer.headers, 'vigil-demo')).statusCode).toBe(403);
    expect((await unlock(admin.headers, 'vigil-demo')).statusCode).toBe(403);
  });
});

describe('changing a device ID', () => {
  it('needs a valid unlock token of the same session', async () => {
    const device = await addDevice(test.app, owner.headers);
    const wanted = typedHardwareId();
    const change = (headers: Headers, extra: object = {}) =>
      send(test.app, headers, 'PUT', `/api/device/${device.id}`, { deviceId: wanted, ...extra });
    const refused = (response: Awaited<ReturnType<typeof change>>) => {
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].message).toBe('enter your password to change the ID');
    };

    refused(await change(owner.headers));
    refused(await change(owner.headers, { unlockToken: 'not-a-token' }));

    const expired = await test.runtime.ctx.links.sign(
      'unlock',
      { purpose: 'unlock', sid: owner.sessionId, sub: owner.userId },
      new Date(Date.now() - 1000),
    );
    refused(await change(owner.headers, { unlockToken: expired }));

    const otherSession = await login(test.app, demo.owner);
    refused(await change(owner.headers, { unlockToken: await unlockToken(otherSession.headers) }));

    // A session token is not an unlock token, even though it names the same session.
    const sessionJwt = owner.headers.authorization.slice('Bearer '.length);
    refused(await change(owner.headers, { unlockToken: sessionJwt }));
    expect(await storedDeviceId(device.id)).toBe(device.deviceId);

    const changed = await change(owner.headers, { unlockToken: await unlockToken(owner.headers) });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.deviceId).toBe(storedHardwareId(wanted));
    const [entry] = await auditEntries(test.runtime.ctx.db, 'device', 'update');
    expect(entry?.information).toBe(
      `Updated device ${device.deviceId} (Fridge 1): device ID: "${device.deviceId}" -> "${storedHardwareId(wanted)}"`,
    );
  });

  it('does not ask for the password when the ID stays the same', async () => {
    const device = await addDevice(test.app, owner.headers);
    const response = await send(test.app, owner.headers, 'PUT', `/api/device/${device.id}`, {
      deviceId: device.deviceId.toUpperCase().replaceAll(':', ''),
      deviceName: 'Renamed',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ deviceId: device.deviceId, name: 'Renamed' });
  });

  it('refuses an ID another device has, even when unlocked', async () => {
    const first = await addDevice(test.app, owner.headers);
    const second = await addDevice(test.app, owner.headers);
    const response = await send(test.app, owner.headers, 'PUT', `/api/device/${second.id}`, {
      deviceId: first.deviceId,
      unlockToken: await unlockToken(owner.headers),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].message).toBe('a device with this ID already exists');
    expect(await storedDeviceId(second.id)).toBe(second.deviceId);
  });
});

describe('changing a gateway ID', () => {
  it('needs a valid unlock token of the same session', async () => {
    const created = await addGateway(test.app, owner.headers);
    const wanted = randomGatewayId();
    const url = `/api/gateway/${created.gateway.id}`;
    const without = await send(test.app, owner.headers, 'PUT', url, { gatewayId: wanted });
    expect(without.statusCode).toBe(403);
    expect(without.json().errors[0].message).toBe('enter your password to change the ID');
    const otherSession = await login(test.app, demo.owner);
    const foreignToken = await send(test.app, owner.headers, 'PUT', url, {
      gatewayId: wanted,
      unlockToken: await unlockToken(otherSession.headers),
    });
    expect(foreignToken.statusCode).toBe(403);

    const changed = await send(test.app, owner.headers, 'PUT', url, {
      gatewayId: wanted,
      unlockToken: await unlockToken(owner.headers),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.gatewayId).toBe(wanted.toLowerCase());
    const [row] = await test.runtime.ctx.db
      .select({ gatewayId: gateways.gatewayId })
      .from(gateways)
      .where(eq(gateways.id, created.gateway.id));
    expect(row?.gatewayId).toBe(wanted.toLowerCase());

    const taken = await addGateway(test.app, owner.headers);
    const duplicate = await send(test.app, owner.headers, 'PUT', url, {
      gatewayId: taken.gateway.gatewayId.toUpperCase(),
      unlockToken: await unlockToken(owner.headers),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors[0].message).toBe('a gateway with this ID already exists');
  });
});

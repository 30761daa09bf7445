import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateways } from '../../src/db/schema/index.js';
import { loadConfig } from '../../src/config.js';
import { gatewayBrokerUrl, mqttConnection } from '../../src/modules/gateways/credentials.js';
import * as gatewaysRepo from '../../src/modules/gateways/repo.js';
import { verifyGatewaySecret } from '../../src/modules/gateways/service.js';
import { createAccountWithOwner, demo } from '../helpers/fixtures.js';
import {
  addDevice,
  addGateway,
  auditEntries,
  randomGatewayId,
  send,
  type Headers,
} from '../helpers/inventory.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Awaited<ReturnType<typeof login>>;
let viewer: Awaited<ReturnType<typeof login>>;
let admin: Awaited<ReturnType<typeof login>>;
let other: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  test = await createDemoApp({ MQTT_PUBLIC_URL: 'mqtts://mqtt.vigil.example:8883' });
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

const secretHashOf = async (id: string) => {
  const [row] = await test.runtime.ctx.db
    .select({ secretHash: gateways.secretHash })
    .from(gateways)
    .where(eq(gateways.id, id));
  return row?.secretHash ?? null;
};

const gatewayCount = async () =>
  (await test.runtime.ctx.db.select({ id: gateways.id }).from(gateways)).length;

describe('registering gateways', () => {
  it('stores the ID lower-case and shows the MQTT secret once, with how to connect', async () => {
    const typed = randomGatewayId();
    const response = await call(owner.headers, 'POST', '/api/gateway', {
      gatewayName: 'Basement Gateway',
      gatewayId: typed,
      loraFreq: '868',
    });
    expect(response.statusCode).toBe(201);
    const { gateway, secret, mqtt } = response.json().data;
    const gatewayId = typed.toLowerCase();
    expect(gateway).toMatchObject({
      gatewayId,
      name: 'Basement Gateway',
      loraFreq: '868',
      status: 'offline',
      deviceCount: 0,
      account: { companyName: 'Demo Laboratory' },
    });
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mqtt).toEqual({
      url: 'mqtts://mqtt.vigil.example:8883',
      username: gatewayId,
      topicPrefix: `v1/gateways/${gatewayId}`,
    });

    const hash = await secretHashOf(gateway.id);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain(secret);
    expect(await verifyGatewaySecret(test.runtime.ctx.db, typed, secret)).toEqual({
      id: gateway.id,
      accountId: gateway.account.id,
      gatewayId,
      accountStatus: 'active',
    });
    expect(await verifyGatewaySecret(test.runtime.ctx.db, gatewayId, `${secret}x`)).toBeUndefined();
    expect(await verifyGatewaySecret(test.runtime.ctx.db, 'gw-unknown', secret)).toBeUndefined();

    const list = await call(owner.headers, 'GET', `/api/gateway/${owner.userId}/?pageSize=1000`);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain('argon2');
    const [entry] = await auditEntries(test.runtime.ctx.db, 'gateway', 'create');
    expect(entry?.information).toBe(
      `Added gateway ${gatewayId} (Basement Gateway) with a new MQTT secret`,
    );
    expect(entry?.information).not.toContain(secret);
  });

  it.each([
    [{ HOST: '10.0.0.5', MQTT_PORT: '1884' }, undefined, 'mqtt://10.0.0.5:1884'],
    [{ MQTT_PORT: '0' }, 'mqtt://127.0.0.1:40123', 'mqtt://127.0.0.1:40123'],
    [
      { MQTT_URL: 'mqtt://ingest:s3cret@broker.lab:1883', MQTT_AUTH: 'none' },
      undefined,
      'mqtt://broker.lab:1883',
    ],
    [
      { MQTT_PUBLIC_URL: 'mqtts://mqtt.lab.example:8883' },
      'mqtt://127.0.0.1:1883',
      'mqtts://mqtt.lab.example:8883',
    ],
  ])('tells gateways where the broker is (%o, listening at %s)', (env, listening, expected) => {
    const url = gatewayBrokerUrl(loadConfig(env), listening);
    expect(url).toBe(expected);
    expect(mqttConnection(url, 'gw-7')).toEqual({
      url: expected,
      username: 'gw-7',
      topicPrefix: 'v1/gateways/gw-7',
    });
  });

  it.each([
    [{ gatewayId: 'gw-1' }, 'gateway name is required'],
    [{ gatewayName: '  ', gatewayId: 'gw-1' }, 'gateway name is required'],
    [{ gatewayName: 'GW', gatewayId: 'gw-1' }, 'gateway name must be at least 3 characters'],
    [
      { gatewayName: 'g'.repeat(51), gatewayId: 'gw-1' },
      "gateway name shouldn't be longer than 50 characters",
    ],
    [{ gatewayName: 'Gateway' }, 'gateway ID is required'],
    [{ gatewayName: 'Gateway', gatewayId: '' }, 'gateway ID is required'],
    [
      { gatewayName: 'Gateway', gatewayId: 'gw 1/#' },
      'please enter a valid gateway ID (2 to 64 letters, digits, colons, dots, dashes or underscores)',
    ],
  ])('refuses %j with "%s" and stores nothing', async (body, message) => {
    const before = await gatewayCount();
    const response = await call(owner.headers, 'POST', '/api/gateway', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe(message);
    expect(await gatewayCount()).toBe(before);
  });

  it('keeps gateway IDs unique platform-wide, whatever their case', async () => {
    const typed = randomGatewayId();
    await addGateway(test.app, owner.headers, { gatewayId: typed });
    const before = await gatewayCount();
    for (const headers of [owner.headers, other.headers]) {
      const response = await call(headers, 'POST', '/api/gateway', {
        gatewayName: 'Copy',
        gatewayId: typed.toLowerCase(),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().errors[0]).toMatchObject({
        message: 'a gateway with this ID already exists',
        field: 'gatewayId',
      });
    }
    expect(await gatewayCount()).toBe(before);
  });
});

describe('gateway IDs', () => {
  it('leaves a race for one ID to the unique index, answered as taken', async () => {
    const first = await addGateway(test.app, owner.headers);
    const second = await addGateway(test.app, owner.headers);
    const { db } = test.runtime.ctx;
    const accountId = String(first.gateway.account.id);
    const raced = await gatewaysRepo.updateGateway(db, accountId, second.gateway.id, {
      gatewayId: first.gateway.gatewayId,
    });
    expect(raced).toBe(false);
    expect(
      await gatewaysRepo.updateGateway(db, accountId, second.gateway.id, { name: 'Fine' }),
    ).toBe(true);
  });
});

describe('gateway secrets', () => {
  it('rotates the secret: a new one, shown once; the old one stops working', async () => {
    const created = await addGateway(test.app, owner.headers);
    const { db } = test.runtime.ctx;
    const oldHash = await secretHashOf(created.gateway.id);
    const response = await call(owner.headers, 'POST', `/api/gateway/${created.gateway.id}/secret`);
    expect(response.statusCode).toBe(200);
    const rotated = response.json().data;
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.mqtt).toEqual(created.mqtt);
    expect(await secretHashOf(created.gateway.id)).not.toBe(oldHash);
    const id = created.gateway.gatewayId;
    expect(await verifyGatewaySecret(db, id, created.secret)).toBeUndefined();
    expect(await verifyGatewaySecret(db, id, rotated.secret)).toMatchObject({
      id: created.gateway.id,
    });
    const [entry] = await auditEntries(db, 'gateway', 'rotateSecret');
    expect(entry?.information).toBe(
      `New MQTT secret for gateway ${id} (Gateway One); the previous one no longer works`,
    );
    const foreign = await call(other.headers, 'POST', `/api/gateway/${created.gateway.id}/secret`);
    expect(foreign.statusCode).toBe(404);
    expect(await verifyGatewaySecret(db, id, rotated.secret)).toBeDefined();
  });
});

describe('editing and deleting gateways', () => {
  it('edits only what is sent and audits the change', async () => {
    const created = await addGateway(test.app, owner.headers, { loraFreq: '915' });
    const response = await call(owner.headers, 'PUT', `/api/gateway/${created.gateway.id}`, {
      gatewayName: 'Renamed Gateway',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Renamed Gateway', loraFreq: '915' });
    const [entry] = await auditEntries(test.runtime.ctx.db, 'gateway', 'update');
    expect(entry?.information).toBe(
      `Updated gateway ${created.gateway.gatewayId} (Gateway One): name: "Gateway One" -> "Renamed Gateway"`,
    );
    const bad = await call(owner.headers, 'PUT', `/api/gateway/${created.gateway.id}`, {
      gatewayName: 'ab',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('gateway name must be at least 3 characters');
  });

  it('refuses to delete a gateway that still has devices', async () => {
    const created = await addGateway(test.app, owner.headers);
    const device = await addDevice(test.app, owner.headers, { gatewayId: created.gateway.id });
    const refused = await call(owner.headers, 'DELETE', `/api/gateway/${created.gateway.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toBe(
      'this gateway still has devices; move or delete them first',
    );
    await call(owner.headers, 'PUT', `/api/device/${device.id}`, { gatewayId: null });
    const deleted = await call(owner.headers, 'DELETE', `/api/gateway/${created.gateway.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await secretHashOf(created.gateway.id)).toBeNull();
    const [entry] = await auditEntries(test.runtime.ctx.db, 'gateway', 'delete');
    expect(entry?.information).toBe(`Deleted gateway ${created.gateway.gatewayId} (Gateway One)`);
  });

  it('answers 404 to another account for every gateway of this one', async () => {
    const created = await addGateway(test.app, owner.headers, { gatewayName: 'Private GW' });
    const url = `/api/gateway/${created.gateway.id}`;
    for (const response of [
      await call(other.headers, 'PUT', url, { gatewayName: 'Mine now' }),
      await call(other.headers, 'DELETE', url),
      await call(other.headers, 'POST', `${url}/secret`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const list = await call(other.headers, 'GET', `/api/gateway/${other.userId}/?pageSize=1000`);
    expect(list.json().data.list).toEqual([]);
    expect(
      await verifyGatewaySecret(test.runtime.ctx.db, created.gateway.gatewayId, created.secret),
    ).toBeDefined();
  });
});

describe('listing gateways', () => {
  it('lists the account’s gateways with their device counts, for owners only', async () => {
    const { owner: labOwner } = await createAccountWithOwner(
      test.runtime.ctx.db,
      'Gateway Lab',
      'owner@gateway-lab.example',
    );
    const session = await login(test.app, labOwner.email);
    const first = await addGateway(test.app, session.headers, { gatewayName: 'First GW' });
    await addGateway(test.app, session.headers, { gatewayName: 'Second GW' });
    await addDevice(test.app, session.headers, { gatewayId: first.gateway.id });
    const response = await call(
      session.headers,
      'GET',
      `/api/gateway/${session.userId}/?pageSize=1000`,
    );
    expect(
      response
        .json()
        .data.list.map((g: { name: string; deviceCount: number }) => [g.name, g.deviceCount]),
    ).toEqual([
      ['Second GW', 0],
      ['First GW', 1],
    ]);
    expect(response.json().data.meta.pagination).toMatchObject({ total: 2, totalPages: 1 });
    const notMine = await call(session.headers, 'GET', `/api/gateway/${owner.userId}/`);
    expect(notMine.statusCode).toBe(404);
    expect((await call(viewer.headers, 'GET', `/api/gateway/${viewer.userId}/`)).statusCode).toBe(
      403,
    );
    expect((await call(admin.headers, 'GET', `/api/gateway/${admin.userId}/`)).statusCode).toBe(
      403,
    );
  });

  it('lists every account’s gateways for the platform administrator', async () => {
    const created = await addGateway(test.app, other.headers, { gatewayName: 'Other Site GW' });
    const response = await call(
      admin.headers,
      'GET',
      '/api/gateway/global?pageSize=1000&search=other%20site',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.list).toEqual([
      expect.objectContaining({
        id: created.gateway.id,
        account: expect.objectContaining({
          companyName: 'Other Laboratory',
          email: 'owner@other.example',
        }),
      }),
    ]);
    expect((await call(owner.headers, 'GET', '/api/gateway/global')).statusCode).toBe(403);
  });

  it('downloads gatewayList.csv', async () => {
    const { owner: labOwner } = await createAccountWithOwner(
      test.runtime.ctx.db,
      'Gateway CSV Lab',
      'owner@gateway-csv.example',
    );
    const session = await login(test.app, labOwner.email);
    const created = await addGateway(test.app, session.headers, {
      gatewayName: '+cmd|calc, "A1"',
      loraFreq: '868',
    });
    const response = await call(session.headers, 'GET', '/api/gateway/csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="gatewayList.csv"');
    expect(response.body).toBe(
      `\uFEFFGateway ID,Name,Frequency,Created at\r\n${created.gateway.gatewayId},"'+cmd|calc, ""A1""",868,${created.gateway.createdAt}\r\n`,
    );
    expect((await call(viewer.headers, 'GET', '/api/gateway/csv')).statusCode).toBe(403);
  });
});

import { randomBytes } from 'node:crypto';
import { topics } from '@vigil/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { createAccountWithOwner, demo } from '../helpers/fixtures.js';
import {
  accountOf,
  connectGateway,
  insertGateway,
  readingCount,
  series,
  upPayload,
} from '../helpers/ingest.js';
import {
  startDynsecMosquitto,
  startMosquitto,
  type DynsecMosquitto,
} from '../helpers/mosquitto.js';
import { createDemoApp, createTestApp, login, type TestApp } from '../helpers/test-app.js';

let broker: DynsecMosquitto;
let test: TestApp;
let owner: Awaited<ReturnType<typeof login>>;
const db = () => test.runtime.ctx.db;
const clients: MqttClient[] = [];

type Created = { gateway: { id: string; gatewayId: string }; secret: string };

beforeAll(async () => {
  broker = await startDynsecMosquitto();
  test = await createDemoApp({
    MQTT_URL: broker.platformUrl,
    GATEWAY_SECRETS_KEY: randomBytes(32).toString('hex'),
    ROLES: 'api,ingest,worker',
    PORT: '0',
    INGEST_FLUSH_MS: '10',
    MQTT_CLIENT_ID: `dynsec-test-${randomBytes(3).toString('hex')}`,
  });
  await test.runtime.listen();
  owner = await login(test.app, demo.owner);
});
afterAll(async () => {
  for (const client of clients) client.end(true);
  await test.close();
  await broker.stop();
});

async function createGateway(): Promise<Created> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/gateway',
    headers: owner.headers,
    payload: { gatewayId: `gw-${randomBytes(4).toString('hex')}`, gatewayName: 'Broker test' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: Created }>().data;
}

async function connect(gatewayId: string, secret: string): Promise<MqttClient> {
  const client = await connectGateway(broker.url, { gatewayId, secret });
  clients.push(client);
  return client;
}

/** MQTT 3.1.1 CONNACK 5 (not authorised): how the broker turns a gateway away. */
async function expectRefused(gatewayId: string, secret: string) {
  await expect(connect(gatewayId, secret)).rejects.toThrow(/Not authorized/i);
}

describe('gateway accounts on Mosquitto (MQTT_AUTH=dynsec)', () => {
  it('refuses an anonymous client, a wrong secret and a foreign topic; stores nothing foreign', async () => {
    const account = await accountOf(db(), demo.owner);
    const mine = await insertGateway(db(), account, { sealer: test.runtime.ctx.gatewaySecrets });
    const theirs = await insertGateway(db(), account, { sealer: test.runtime.ctx.gatewaySecrets });
    await test.runtime.ingest.brokerAccounts.changed([mine.gatewayId, theirs.gatewayId]);

    await expect(
      connectGateway(
        broker.url,
        { gatewayId: '', secret: '' },
        { username: undefined, password: undefined },
      ),
    ).rejects.toThrow(/Not authorized/i);
    await expectRefused(mine.gatewayId, 'not-the-secret');

    // MQTT 3.1.1 cannot refuse a publish: Mosquitto acknowledges it, delivers it to no one
    // and drops the connection.
    const client = await connect(mine.gatewayId, mine.secret);
    const dropped = new Promise<void>((resolve) =>
      client.once('close', () => {
        resolve();
      }),
    );
    const theirDevice = theirs.devices[0] ?? '';
    await client.publishAsync(topics.up(theirs.gatewayId), upPayload(series(theirDevice, 5)), {
      qos: 1,
    });
    await dropped;
    const again = await connect(mine.gatewayId, mine.secret);
    const myDevice = mine.devices[0] ?? '';
    await again.publishAsync(topics.up(mine.gatewayId), upPayload(series(myDevice, 5)), { qos: 1 });
    await vi.waitFor(async () => {
      expect(await readingCount(db(), mine.deviceRows.get(myDevice) ?? '')).toBe(5);
    });
    expect(await readingCount(db(), theirs.deviceRows.get(theirDevice) ?? '')).toBe(0);
    // SUBACK 0x80: another gateway's commands are not this one's to read.
    await expect(again.subscribeAsync(topics.down(theirs.gatewayId), { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
  });

  it('stops a rotated secret at once, dropping the connection that used it', async () => {
    const created = await createGateway();
    const client = await connect(created.gateway.gatewayId, created.secret);
    const dropped = new Promise<void>((resolve) =>
      client.once('close', () => {
        resolve();
      }),
    );
    const rotated = await test.app.inject({
      method: 'POST',
      url: `/api/gateway/${created.gateway.id}/secret`,
      headers: owner.headers,
    });
    expect(rotated.statusCode).toBe(200);
    await dropped;
    await expectRefused(created.gateway.gatewayId, created.secret);
    const { secret } = rotated.json<{ data: Created }>().data;
    await connect(created.gateway.gatewayId, secret);
  });

  it('refuses a deleted gateway and the gateways of a deleted account', async () => {
    const created = await createGateway();
    await connect(created.gateway.gatewayId, created.secret);
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/gateway/${created.gateway.id}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    await expectRefused(created.gateway.gatewayId, created.secret);

    const other = await createAccountWithOwner(
      db(),
      'Broker Doomed',
      `owner-${randomBytes(3).toString('hex')}@doomed.example`,
    );
    const gateway = await insertGateway(db(), other.account.id, {
      sealer: test.runtime.ctx.gatewaySecrets,
    });
    await test.runtime.ingest.brokerAccounts.changed([gateway.gatewayId]);
    const client = await connect(gateway.gatewayId, gateway.secret);
    const dropped = new Promise<void>((resolve) =>
      client.once('close', () => {
        resolve();
      }),
    );
    const admin = await login(test.app, demo.admin);
    const disabled = await test.app.inject({
      method: 'DELETE',
      url: `/api/account/deleteAccount/${other.account.id}`,
      headers: admin.headers,
    });
    expect(disabled.statusCode).toBe(200);
    await dropped;
    await expectRefused(gateway.gatewayId, gateway.secret);
  });

  it('converges after the broker was away or restored from an old backup', async () => {
    const kept = await createGateway();
    let late: Created | undefined;
    await broker.restart(async () => {
      // While the broker is down: a new gateway, and the old state of a restored backup.
      late = await createGateway();
    });
    await broker.admin.run([{ command: 'deleteClient', username: kept.gateway.gatewayId }]);
    await broker.restart();
    // The platform reconnects and reconciles: both accounts are back as the database says.
    for (const gateway of [kept, late]) {
      if (!gateway) throw new Error('no gateway');
      await vi.waitFor(() => connect(gateway.gateway.gatewayId, gateway.secret), {
        timeout: 20_000,
        interval: 250,
      });
    }
  });
});

describe('refusing to start without working broker authentication', () => {
  it('refuses a broker that does not run the dynamic security plugin, in one line', async () => {
    const plain = await startMosquitto();
    const url = plain.url.replace('mqtt://', 'mqtt://vigil:secret@');
    const app = await createTestApp({
      MQTT_URL: url,
      GATEWAY_SECRETS_KEY: randomBytes(32).toString('hex'),
      PORT: '0',
    });
    try {
      const started = app.runtime.listen();
      await expect(started).rejects.toThrow(ConfigError);
      await expect(started).rejects.toThrow(
        /^MQTT_AUTH=dynsec: no reply on \$CONTROL\/dynamic-security\/v1\/response/,
      );
    } finally {
      await app.close();
      await plain.stop();
    }
  });
});

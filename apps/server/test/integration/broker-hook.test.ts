import { randomBytes } from 'node:crypto';
import { topics } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema/index.js';
import { createAccountWithOwner, demo } from '../helpers/fixtures.js';
import { accountOf, insertGateway, type TestGateway } from '../helpers/ingest.js';
import { createDemoApp, createTestApp, type TestApp } from '../helpers/test-app.js';

const hookSecret = randomBytes(24).toString('hex');
let test: TestApp;
let mine: TestGateway;
let theirs: TestGateway;
let disabled: TestGateway;

beforeAll(async () => {
  test = await createDemoApp({
    MQTT_URL: 'mqtt://vigil:platform-password@emqx.lab:1883',
    MQTT_AUTH: 'http',
    MQTT_HOOK_SECRET: hookSecret,
  });
  const db = test.runtime.ctx.db;
  const account = await accountOf(db, demo.owner);
  mine = await insertGateway(db, account);
  theirs = await insertGateway(db, account);
  const other = await createAccountWithOwner(db, 'Hook Disabled', 'owner@hook-disabled.example');
  disabled = await insertGateway(db, other.account.id);
  await db.update(accounts).set({ status: 'disabled' }).where(eq(accounts.id, other.account.id));
});
afterAll(async () => {
  await test.close();
});

function hook(path: 'auth' | 'acl', payload: object, secret: string | null = hookSecret) {
  return test.app.inject({
    method: 'POST',
    url: `/api/mqtt/${path}`,
    headers: secret === null ? {} : { 'x-vigil-hook-secret': secret },
    payload,
  });
}

async function result(path: 'auth' | 'acl', payload: object) {
  const response = await hook(path, payload);
  expect(response.statusCode).toBe(200);
  return response.json<{ result: string }>().result;
}

describe('the broker hook (MQTT_AUTH=http)', () => {
  it('answers only the broker that sends the hook secret', async () => {
    for (const secret of [null, 'wrong']) {
      const response = await hook(
        'auth',
        { username: 'vigil', password: 'platform-password' },
        secret,
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        errors: [{ message: 'invalid broker hook secret', code: 'mqttHookSecretInvalid' }],
      });
    }
  });

  it('lets in gateways with their secret and the platform with its account, nobody else', async () => {
    expect(await result('auth', { username: mine.gatewayId, password: mine.secret })).toBe('allow');
    expect(
      await result('auth', { username: mine.gatewayId.toUpperCase(), password: mine.secret }),
    ).toBe('allow');
    expect(await result('auth', { username: mine.gatewayId, password: theirs.secret })).toBe(
      'deny',
    );
    expect(await result('auth', { username: 'gw-unknown', password: mine.secret })).toBe('deny');
    expect(await result('auth', { username: '', password: '' })).toBe('deny');
    expect(await result('auth', { username: disabled.gatewayId, password: disabled.secret })).toBe(
      'deny',
    );
    expect(await result('auth', { username: 'vigil', password: 'platform-password' })).toBe(
      'allow',
    );
    expect(await result('auth', { username: 'vigil', password: 'guess' })).toBe('deny');
  });

  it.each([
    ['publish', 'up', 'its own', 'allow'],
    ['publish', 'log', 'its own', 'allow'],
    ['publish', 'status', 'its own', 'allow'],
    ['publish', 'down', 'its own', 'deny'],
    ['publish', 'up', 'another', 'deny'],
    ['subscribe', 'down', 'its own', 'allow'],
    ['subscribe', 'down', 'another', 'deny'],
    ['subscribe', 'up', 'its own', 'deny'],
  ] as const)(
    'lets a gateway %s to %s of %s gateway: %s',
    async (action, kind, whose, expected) => {
      const gatewayId = whose === 'its own' ? mine.gatewayId : theirs.gatewayId;
      const topic = topics[kind](gatewayId);
      expect(await result('acl', { username: mine.gatewayId, action, topic })).toBe(expected);
    },
  );

  it.each(['v1/gateways/+/down', '#'])('refuses a gateway the wildcard %s', async (topic) => {
    expect(await result('acl', { username: mine.gatewayId, action: 'subscribe', topic })).toBe(
      'deny',
    );
  });

  it('refuses every topic to a gateway of a disabled account', async () => {
    const body = {
      username: disabled.gatewayId,
      action: 'publish',
      topic: topics.up(disabled.gatewayId),
    };
    expect(await result('acl', body)).toBe('deny');
  });

  it.each([
    ['subscribe', '$share/vigil-ingest/v1/gateways/+/up', 'allow'],
    ['subscribe', 'v1/gateways/+/log', 'allow'],
    ['subscribe', '#', 'deny'],
    ['publish', 'v1/gateways/gw-1/down', 'allow'],
    ['publish', 'v1/gateways/gw-1/up', 'deny'],
  ] as const)('lets the platform %s to %s: %s', async (action, topic, expected) => {
    expect(await result('acl', { username: 'vigil', action, topic })).toBe(expected);
  });

  it('is not there unless MQTT_AUTH=http', async () => {
    const embedded = await createTestApp();
    try {
      const response = await embedded.app.inject({
        method: 'POST',
        url: '/api/mqtt/auth',
        headers: { 'x-vigil-hook-secret': hookSecret },
        payload: { username: 'x', password: 'y' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await embedded.close();
    }
  });
});

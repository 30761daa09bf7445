import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { accounts, auditLog, users } from '../../src/db/schema/index.js';
import { enqueueDue } from '../../src/jobs/clock.js';
import { clockEntries } from '../../src/schedules.js';
import { createAccountWithOwner, demo } from '../helpers/fixtures.js';
import {
  accountOf,
  insertGateway,
  readingCount,
  series,
  type TestGateway,
} from '../helpers/ingest.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
let admin: Record<string, string>;
const db = () => test.runtime.ctx.db;
const dayMs = 86_400_000;

beforeAll(async () => {
  test = await createDemoApp({ ACCOUNT_PURGE_GRACE_DAYS: '14' });
  admin = (await login(test.app, demo.admin)).headers;
});
afterAll(async () => {
  await test.close();
});

const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, headers = admin, payload?: object) =>
  test.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function listed(id: string) {
  const list = (await call('GET', '/api/account/list')).json().data as { id: string }[];
  return list.find((account) => account.id === id) as Record<string, unknown> | undefined;
}

async function auditOf(action: string) {
  return db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
}

describe('voice call and associated gateways', () => {
  it('turns voice call on and off, audited, and refuses a bad body or unknown account', async () => {
    const { account } = await createAccountWithOwner(db(), 'Voice Lab', 'owner@voice.example');
    expect(await listed(account.id)).toMatchObject({ voiceCall: false, status: 'active' });
    const on = await call('PATCH', `/api/account/voiceCall/${account.id}`, admin, {
      voiceCall: true,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ data: { id: account.id, voiceCall: true } });
    expect(await listed(account.id)).toMatchObject({ voiceCall: true, purgeAfter: null });
    const entries = await auditOf('voiceCall');
    expect(entries.at(-1)).toMatchObject({
      userEmail: demo.admin,
      information: 'Voice call enabled for Voice Lab (owner@voice.example)',
    });
    const bad = await call('PATCH', `/api/account/voiceCall/${account.id}`, admin, {
      voiceCall: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await call(
      'PATCH',
      '/api/account/voiceCall/00000000-0000-4000-8000-000000000000',
      admin,
      { voiceCall: true },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].message).toBe('404 not found');
  });

  it('lists an account’s gateways with their device counts, and no other account’s', async () => {
    const { account } = await createAccountWithOwner(db(), 'Gateway Lab', 'owner@gw.example');
    const first = await insertGateway(db(), account.id, { deviceCount: 3 });
    const second = await insertGateway(db(), account.id, { deviceCount: 0 });
    const response = await call('GET', `/api/account/${account.id}/gateways`);
    expect(response.statusCode).toBe(200);
    const list = response.json().data as { gatewayId: string; deviceCount: number }[];
    const byId = new Map(list.map((gateway) => [gateway.gatewayId, gateway]));
    expect([...byId.keys()].sort()).toEqual([first.gatewayId, second.gatewayId].sort());
    expect(byId.get(first.gatewayId)).toMatchObject({
      name: `Gateway ${first.gatewayId}`,
      status: 'offline',
      lastSeenAt: null,
      deviceCount: 3,
    });
    expect(byId.get(second.gatewayId)?.deviceCount).toBe(0);
  });
});

describe('deleting an account', () => {
  let accountId: string;
  let gateway: TestGateway;
  let owner: Record<string, string>;
  let apiKey: string;
  let purgeAfter: string;
  const email = 'owner@doomed.example';

  beforeAll(async () => {
    const created = await createAccountWithOwner(db(), 'Doomed Lab', email);
    accountId = created.account.id;
    gateway = await insertGateway(db(), accountId);
    owner = (await login(test.app, email)).headers;
    const key = await test.app.inject({
      method: 'POST',
      url: '/api/account/createApiKey',
      headers: owner,
    });
    apiKey = key.json().data.apiKey as string;
    const stored = await test.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-api-key': apiKey },
      payload: { readings: series(gateway.devices[0] ?? '', 5) },
    });
    expect(stored.json().data.accepted).toBe(5);
  });

  it('disables it at once: sessions end, sign-in and ingest are refused, all audited', async () => {
    const before = Date.now();
    const response = await call('DELETE', `/api/account/deleteAccount/${accountId}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { status: string; purgeAfter: string };
    expect(data.status).toBe('disabled');
    purgeAfter = data.purgeAfter;
    const grace = Date.parse(purgeAfter) - before;
    expect(grace).toBeGreaterThanOrEqual(14 * dayMs);
    expect(grace).toBeLessThan(14 * dayMs + 60_000);
    expect(await listed(accountId)).toMatchObject({ status: 'disabled', purgeAfter });

    const session = await call('GET', '/api/user/metadata', owner);
    expect(session.statusCode).toBe(401);
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email, password: 'vigil-demo' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().errors[0].message).toBe('this account has been disabled');
    const ingest = await test.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-api-key': apiKey },
      payload: { readings: series(gateway.devices[0] ?? '', 5, Date.now() + 60_000) },
    });
    expect(ingest.statusCode).toBe(401);
    // Its data is kept during the grace period.
    expect(await readingCount(db(), gateway.deviceRows.get(gateway.devices[0] ?? '') ?? '')).toBe(
      5,
    );

    const again = await call('DELETE', `/api/account/deleteAccount/${accountId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toBe('this account is already deleted');

    const deletions = (await auditOf('delete')).filter((entry) =>
      entry.information.startsWith('Deleted account Doomed Lab'),
    );
    // In the platform's chain and in the account's own.
    expect(deletions.map((entry) => entry.chain).sort()).toEqual([accountId, 'platform'].sort());
    expect(deletions[0]?.information).toContain('1 sessions ended');
  });

  it('is only for the platform administrator', async () => {
    const { headers } = await login(test.app, demo.owner);
    const response = await call('DELETE', `/api/account/deleteAccount/${accountId}`, headers);
    expect(response.statusCode).toBe(403);
  });

  it('purges it after the grace period, with its readings and an audit entry', async () => {
    const deviceRow = gateway.deviceRows.get(gateway.devices[0] ?? '') ?? '';
    // The hourly sweep before the grace period ends leaves it alone.
    await enqueueDue(db(), clockEntries, new Date(Date.parse(purgeAfter) - 2 * 3_600_000));
    await test.runtime.worker?.drain();
    expect(await listed(accountId)).toBeDefined();

    await enqueueDue(db(), clockEntries, new Date(Date.parse(purgeAfter) + 3_600_000));
    await test.runtime.worker?.drain();
    expect(await listed(accountId)).toBeUndefined();
    expect(await db().select().from(accounts).where(eq(accounts.id, accountId))).toEqual([]);
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await readingCount(db(), deviceRow)).toBe(0);
    const [left] = await queryRows<{ n: number | string }>(
      db(),
      sql`select count(*) as n from gateways where account_id = ${accountId}`,
    );
    expect(Number(left?.n)).toBe(0);

    const purge = (await auditOf('purge')).at(-1);
    expect(purge).toMatchObject({ chain: 'platform', userEmail: null });
    expect(purge?.information).toContain('Purged deleted account Doomed Lab');
    expect(purge?.information).toContain('1 users, 1 gateways, 2 devices');
    // The account's trail outlives it, and every chain still verifies.
    expect((await auditOf('delete')).some((entry) => entry.chain === accountId)).toBe(true);
    const verify = await call('GET', '/api/audit/verify');
    expect(verify.json().data).toMatchObject({ ok: true });
    // The demo account was never due.
    expect(await listed(await accountOf(db(), demo.owner))).toMatchObject({ status: 'active' });
  });
});

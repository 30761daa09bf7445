import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { apiKeys, devices, gatewayLogs, readings } from '../../src/db/schema/index.js';
import { enqueueDue } from '../../src/jobs/clock.js';
import { clockEntries } from '../../src/schedules.js';
import { reportScheduleJob } from '../../src/modules/reports/schedule.js';
import { accountPurgeJob } from '../../src/modules/accounts/purge.js';
import { createAccountWithOwner, demo } from '../helpers/fixtures.js';
import {
  accountOf,
  insertGateway,
  metricValue,
  readingCount,
  series,
  type TestGateway,
} from '../helpers/ingest.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
let gateway: TestGateway;
let foreign: TestGateway;
let key: string;
const db = () => test.runtime.ctx.db;

async function createKey(email: string): Promise<string> {
  const { headers } = await login(test.app, email);
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/account/createApiKey',
    headers,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.apiKey as string;
}

const ingest = (apiKey: string | undefined, payload: unknown) =>
  test.app.inject({
    method: 'POST',
    url: '/api/ingest',
    headers: apiKey === undefined ? {} : { 'x-api-key': apiKey },
    payload: payload as object,
  });

beforeAll(async () => {
  test = await createDemoApp();
  gateway = await insertGateway(db(), await accountOf(db(), demo.owner));
  const other = await createAccountWithOwner(db(), 'Foreign Lab', 'owner@foreign.example');
  foreign = await insertGateway(db(), other.account.id);
  key = await createKey(demo.owner);
});
afterAll(async () => {
  await test.close();
});

describe('POST /api/ingest', () => {
  it('stores readings of the key’s account once it replies, and counts duplicates', async () => {
    const deviceId = gateway.devices[0]!;
    const payload = { readings: series(deviceId, 10) };
    const first = await ingest(key, payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { accepted: 10, duplicates: 0, unknownDevices: 0 } });
    expect(await readingCount(db(), gateway.deviceRows.get(deviceId)!)).toBe(10);
    const again = await ingest(key, payload);
    expect(again.json()).toEqual({ data: { accepted: 0, duplicates: 10, unknownDevices: 0 } });
    const [row] = await db()
      .select({ lastUsedAt: apiKeys.lastUsedAt })
      .from(apiKeys)
      .where(eq(apiKeys.prefix, key.slice(0, 8)));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('never stores readings for another account’s devices', async () => {
    const payload = {
      readings: [
        ...series(foreign.devices[0]!, 3),
        ...series(gateway.devices[1]!, 2),
        ...series('ff:ff:ff:ff', 1),
      ],
    };
    const response = await ingest(key, payload);
    expect(response.json()).toEqual({ data: { accepted: 2, duplicates: 0, unknownDevices: 2 } });
    expect(await readingCount(db(), foreign.deviceRows.get(foreign.devices[0]!)!)).toBe(0);
  });

  it('answers 401 for a missing, unknown or revoked key, storing nothing', async () => {
    const payload = { readings: series(gateway.devices[1]!, 1, Date.now() - 3_600_000) };
    const revoked = key;
    key = await createKey(demo.owner);
    for (const apiKey of [undefined, 'vgl_not-a-key', revoked]) {
      const response = await ingest(apiKey, payload);
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].message).toBe('invalid API key');
    }
    expect((await ingest(key, payload)).json().data.accepted).toBe(1);
  });

  it('refuses a payload outside the contract with 400, storing nothing and counting it', async () => {
    const deviceId = gateway.devices[1]!;
    const before = await readingCount(db(), gateway.deviceRows.get(deviceId)!);
    const future = await ingest(key, {
      readings: [{ deviceId, ts: Date.now() + 3_600_000, data: { t: 4 } }],
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors[0]).toMatchObject({
      message: 'the payload does not match the gateway contract',
      field: 'readings.0',
    });
    const wrongType = await ingest(key, {
      readings: [{ deviceId, ts: new Date().toISOString(), data: { t: 'x' } }],
    });
    expect(wrongType.statusCode).toBe(400);
    expect(await readingCount(db(), gateway.deviceRows.get(deviceId)!)).toBe(before);
    const metrics = (await test.app.inject({ url: '/metrics' })).body;
    expect(
      metricValue(metrics, 'vigil_ingest_rejected_messages_total', {
        transport: 'http',
        reason: 'timestamp_future',
      }),
    ).toBe(1);
  });
});

describe('GET /api/gateway/gatewayLogs', () => {
  beforeAll(async () => {
    const base = Date.now() - 3_600_000;
    await db()
      .insert(gatewayLogs)
      .values([
        ...Array.from({ length: 12 }, (_, index) => ({
          gatewayId: gateway.gatewayId,
          accountId: gateway.accountId,
          source: 'platform' as const,
          message: `line ${index}`,
          createdAt: new Date(base + index * 1000),
        })),
        {
          gatewayId: foreign.gatewayId,
          accountId: foreign.accountId,
          source: 'gateway' as const,
          message: 'foreign line',
          createdAt: new Date(base),
        },
      ]);
  });

  it('pages one gateway’s lines newest first, matching the id case-insensitively', async () => {
    const { headers } = await login(test.app, demo.owner);
    const response = await test.app.inject({
      url: `/api/gateway/gatewayLogs?page=2&gatewayId=${gateway.gatewayId.toUpperCase()}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const { list, meta } = response.json().data;
    expect(list.map((line: { message: string }) => line.message)).toEqual(['line 1', 'line 0']);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      gatewayId: gateway.gatewayId,
      message: 'line 1',
      createdAt: expect.any(String),
    });
    expect(meta.pagination).toEqual({
      page: 2,
      pageSize: 10,
      total: 12,
      totalPages: 2,
      currentPage: 2,
    });
  });

  it('gives the full list without a page, scoped to the account; every line to a super_admin', async () => {
    const owner = await login(test.app, demo.owner);
    const own = (
      await test.app.inject({ url: '/api/gateway/gatewayLogs', headers: owner.headers })
    ).json().data;
    expect(own.meta.pagination).toMatchObject({ page: 1, pageSize: 1000 });
    expect(own.list.map((line: { gatewayId: string }) => line.gatewayId)).not.toContain(
      foreign.gatewayId,
    );
    const foreignForOwner = await test.app.inject({
      url: `/api/gateway/gatewayLogs?gatewayId=${foreign.gatewayId}`,
      headers: owner.headers,
    });
    expect(foreignForOwner.json().data.list).toEqual([]);
    const admin = await login(test.app, demo.admin);
    const all = await test.app.inject({
      url: `/api/gateway/gatewayLogs?gatewayId=${foreign.gatewayId}`,
      headers: admin.headers,
    });
    expect(all.json().data.list.map((line: { message: string }) => line.message)).toEqual([
      'foreign line',
    ]);
    const viewer = await login(test.app, demo.viewer);
    expect(
      (await test.app.inject({ url: '/api/gateway/gatewayLogs', headers: viewer.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe('maintenance jobs', () => {
  it('marks devices offline after their ttl and logs it on their gateway', async () => {
    const deviceId = gateway.devices[0]!;
    const rowId = gateway.deviceRows.get(deviceId)!;
    await db()
      .update(devices)
      .set({ status: 'active', ttl: 25, lastSeenAt: new Date(Date.now() - 26 * 60_000) })
      .where(eq(devices.id, rowId));
    const fresh = gateway.deviceRows.get(gateway.devices[1]!)!;
    await db()
      .update(devices)
      .set({ status: 'active', ttl: 25, lastSeenAt: new Date(Date.now() - 24 * 60_000) })
      .where(eq(devices.id, fresh));
    const changes: unknown[] = [];
    test.runtime.ingest.events.on('deviceStatus', (change) => changes.push(change));
    await enqueueDue(db(), clockEntries);
    await test.runtime.worker?.drain();
    const states = await db().select({ id: devices.id, status: devices.status }).from(devices);
    expect(states.find((row) => row.id === rowId)?.status).toBe('inactive');
    expect(states.find((row) => row.id === fresh)?.status).toBe('active');
    expect(changes).toContainEqual(expect.objectContaining({ id: rowId, status: 'inactive' }));
    const lines = await queryRows<{ message: string }>(
      db(),
      sql`select message from gateway_logs where gateway_id = ${gateway.gatewayId}`,
    );
    expect(lines.map((line) => line.message)).toContain(
      `device ${deviceId} offline: no reading for 25 minutes`,
    );
  });

  it('enqueues each minute’s sweep and each day’s retention once, however often it is asked', async () => {
    const at = new Date('2031-05-05T10:20:30Z');
    await enqueueDue(db(), clockEntries, at);
    await enqueueDue(db(), clockEntries, new Date(at.getTime() + 20_000));
    const rows = await queryRows<{ name: string; n: number | string }>(
      db(),
      sql`select name, count(*) as n from jobs where singleton_key like ${'%@2031-05-05%'} group by 1 order by 1`,
    );
    expect(rows.map((row) => [row.name, Number(row.n)])).toEqual([
      [accountPurgeJob, 1],
      ['alarms.sweep', 1],
      ['gatewayLogs.retention', 1],
      ['ingest.offlineSweep', 1],
      ['readings.partitions', 1],
      ['readings.retention', 1],
      [reportScheduleJob, 1],
    ]);
  });

  it('deletes raw readings past retention and gateway log lines past 90 days, keeping rollups', async () => {
    const rowId = gateway.deviceRows.get(gateway.devices[1]!)!;
    const old = new Date(Date.now() - 500 * 86_400_000);
    await db().insert(readings).values({ deviceId: rowId, ts: old, t: 3 });
    await db().insert(gatewayLogs).values({
      gatewayId: gateway.gatewayId,
      accountId: gateway.accountId,
      source: 'platform',
      message: 'ancient',
      createdAt: old,
    });
    await db()
      .execute(sql`insert into reading_rollups_1d (device_id, bucket, metric, min, max, sum, count)
      values (${rowId}, date_trunc('day', ${old.toISOString()}::timestamptz, 'UTC'), 't', 3, 3, 3, 1)`);
    const recent = await readingCount(db(), rowId);
    // Tomorrow's jobs: today's ran in the test above.
    await enqueueDue(db(), clockEntries, new Date(Date.now() + 86_400_000));
    await test.runtime.worker?.drain();
    expect(await readingCount(db(), rowId)).toBe(recent - 1);
    const [logs] = await queryRows<{ n: number | string }>(
      db(),
      sql`select count(*) as n from gateway_logs where message = 'ancient'`,
    );
    expect(Number(logs?.n)).toBe(0);
    const [rollups] = await queryRows<{ n: number | string }>(
      db(),
      sql`select count(*) as n from reading_rollups_1d where device_id = ${rowId} and bucket < now() - interval '400 days'`,
    );
    expect(Number(rollups?.n)).toBe(1);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/index.js';
import { demo } from '../helpers/fixtures.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let test: TestApp;
let owner: Awaited<ReturnType<typeof login>>;
let admin: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  test = await createDemoApp();
  owner = await login(test.app, demo.owner);
  admin = await login(test.app, demo.admin);
  // A few more entries: failed sign-ins and settings changes.
  for (const password of ['nope-1', 'nope-2']) {
    await test.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: demo.owner, password },
    });
  }
  for (const temperatureUnit of ['F', 'C', 'F']) {
    await test.app.inject({
      method: 'PUT',
      url: '/api/account/updateAccountSettings',
      headers: owner.headers,
      payload: { temperatureUnit },
    });
  }
});
afterAll(async () => {
  await test.close();
});

describe('the audit trail', () => {
  it('records sign-in successes and failures', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/audit/logs?event=auth&action=login',
      headers: owner.headers,
    });
    const list = response.json().data.list;
    expect(list.filter((e: { result: string }) => e.result === 'failure')).toHaveLength(2);
    expect(list.find((e: { result: string }) => e.result === 'success')).toMatchObject({
      account: 'Demo Laboratory',
      user: demo.owner,
      message: `${demo.owner} signed in`,
    });
  });

  it('pages with nextToken, newest first, without overlap', async () => {
    const seen: string[] = [];
    let nextToken: string | null = null;
    do {
      const url: string = `/api/audit/logs?limit=2${nextToken ? `&nextToken=${nextToken}` : ''}`;
      const page = (await test.app.inject({ method: 'GET', url, headers: owner.headers })).json()
        .data;
      seen.push(...page.list.map((e: { id: string }) => e.id));
      nextToken = page.nextToken;
    } while (nextToken);
    expect(seen.length).toBeGreaterThanOrEqual(7);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => b - a));
  });

  it('filters by time range, search and account, and refuses an inverted range', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const empty = await test.app.inject({
      method: 'GET',
      url: `/api/audit/logs?startDate=${encodeURIComponent(future)}`,
      headers: owner.headers,
    });
    expect(empty.json().data.list).toEqual([]);

    const search = await test.app.inject({
      method: 'GET',
      url: '/api/audit/logs?search=unit%20changed',
      headers: owner.headers,
    });
    expect(search.json().data.list).toHaveLength(3);

    const inverted = await test.app.inject({
      method: 'GET',
      url: `/api/audit/logs?startDate=${encodeURIComponent(future)}&endDate=${encodeURIComponent(new Date().toISOString())}`,
      headers: owner.headers,
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().errors[0].message).toBe(
      'start date should not be greater than end date',
    );

    const accounts = await test.app.inject({
      method: 'GET',
      url: '/api/account/list',
      headers: admin.headers,
    });
    const demoId = accounts.json().data[0].id;
    const platform = await test.app.inject({
      method: 'GET',
      url: `/api/audit/logs?limit=1000&accountId=${demoId}`,
      headers: admin.headers,
    });
    const names = new Set(platform.json().data.list.map((e: { account: string }) => e.account));
    expect([...names]).toEqual(['Demo Laboratory']);

    const facets = await test.app.inject({
      method: 'GET',
      url: '/api/audit/facets',
      headers: owner.headers,
    });
    expect(facets.json().data.events).toEqual(
      expect.arrayContaining(['account', 'auth', 'system']),
    );
  });

  it('verifies the chain, and finds the first link broken by tampering', async () => {
    const ok = await test.app.inject({
      method: 'GET',
      url: '/api/audit/verify',
      headers: admin.headers,
    });
    expect(ok.json().data).toMatchObject({ ok: true, firstBroken: null });
    expect(ok.json().data.entries).toBeGreaterThan(8);

    const db = test.runtime.ctx.db;
    const [victim] = await db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.information} like 'Temperature unit changed from C to F'`)
      .orderBy(auditLog.seq)
      .limit(1);
    await db
      .update(auditLog)
      .set({ information: 'nothing happened here' })
      .where(eq(auditLog.id, victim!.id));

    const broken = await test.app.inject({
      method: 'GET',
      url: '/api/audit/verify',
      headers: owner.headers,
    });
    expect(broken.json().data).toMatchObject({
      ok: false,
      firstBroken: {
        chain: victim!.chain,
        seq: victim!.seq,
        id: String(victim!.id),
        reason: 'entry was altered (hash mismatch)',
      },
    });

    await db
      .update(auditLog)
      .set({ information: victim!.information })
      .where(eq(auditLog.id, victim!.id));
    await db.delete(auditLog).where(eq(auditLog.id, victim!.id));
    const removed = await test.app.inject({
      method: 'GET',
      url: '/api/audit/verify',
      headers: owner.headers,
    });
    expect(removed.json().data.firstBroken).toMatchObject({
      seq: victim!.seq + 1,
      reason: `expected seq ${victim!.seq}, found ${victim!.seq + 1}`,
    });
  });
});

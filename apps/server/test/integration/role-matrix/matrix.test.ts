import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithOwner, demo, userIdOf } from '../../helpers/fixtures.js';
import { createDemoApp, fakeDns, login, type TestApp } from '../../helpers/test-app.js';
import { alarmDefinitionsMatrix } from './alarm-definitions.js';
import { alarmEventsMatrix } from './alarm-events.js';
import { dashboard } from './dashboard.js';
import { firmwareMatrix } from './firmware.js';
import { foundation } from './foundation.js';
import { history } from './history.js';
import { ingest } from './ingest.js';
import { inventory } from './inventory.js';
import { mapsMatrix } from './maps.js';
import { platformAdmin } from './platform-admin.js';
import { notificationsMatrix } from './notifications.js';
import { reportsMatrix } from './reports.js';
import { callers, type Call, type Caller, type MatrixContext, type MatrixModule } from './types.js';

/**
 * Every /api route, called as each kind of caller, with the status each must get.
 * Each domain adds a module here; the coverage test fails while a route is missing.
 */
const modules: MatrixModule[] = [
  foundation,
  history,
  ingest,
  inventory,
  dashboard,
  alarmEventsMatrix,
  alarmDefinitionsMatrix,
  notificationsMatrix,
  firmwareMatrix,
  mapsMatrix,
  reportsMatrix,
  platformAdmin,
];
const calls: Call[] = modules.flatMap((module) => module.calls);

const emails: Record<Exclude<Caller, 'anonymous'>, string> = {
  super_admin: demo.admin,
  super_user: demo.owner,
  user: demo.viewer,
  other: 'owner@other.example',
};

let test: TestApp;
let context: MatrixContext;
const sessionHeaders = new Map<Caller, Record<string, string>>();

beforeAll(async () => {
  // The webhook the matrix saves (disabled, never called) names a host with a public address.
  test = await createDemoApp({}, { lookupHost: fakeDns({ 'hooks.example': ['93.184.215.14'] }) });
  const db = test.runtime.ctx.db;
  const other = await createAccountWithOwner(db, 'Other Laboratory', emails.other);
  sessionHeaders.set('anonymous', {});
  for (const caller of callers) {
    if (caller !== 'anonymous')
      sessionHeaders.set(caller, (await login(test.app, emails[caller])).headers);
  }
  const metadata = await test.app.inject({
    method: 'GET',
    url: '/api/user/metadata',
    headers: sessionHeaders.get('super_user'),
  });
  context = {
    app: test.app,
    db,
    headers: (caller) => sessionHeaders.get(caller) ?? {},
    ids: {
      demoAccountId: metadata.json().data.accountId,
      ownerId: await userIdOf(db, demo.owner),
      viewerId: await userIdOf(db, demo.viewer),
      otherAccountId: other.account.id,
      otherOwnerId: other.owner.id,
    },
  };
  for (const module of modules) await module.setup?.(context);
});
afterAll(async () => {
  await test.close();
});

describe('the role and tenancy matrix', () => {
  it.each(calls.map((call) => [`${call.method} ${call.route}`, call] as const))(
    '%s',
    async (_name, call) => {
      const seen: Record<string, number> = {};
      for (const caller of callers) {
        const headers =
          call.freshSession && caller !== 'anonymous'
            ? (await login(test.app, emails[caller])).headers
            : context.headers(caller);
        const response = await test.app.inject({
          method: call.method,
          url: await call.url(context, caller),
          headers: { ...headers, ...call.headers?.(context, caller) },
          ...(call.body ? { payload: call.body(context, caller) as object } : {}),
        });
        seen[caller] = response.statusCode;
        if (response.statusCode >= 400)
          expect(response.json().errors[0].message).toEqual(expect.any(String));
      }
      expect(seen).toEqual(call.expected);
    },
  );

  it('covers every /api route the server registers', () => {
    const registered = test.app.guardedRoutes.map((route) => `${route.method} ${route.url}`).sort();
    const tested = [...new Set(calls.map((call) => `${call.method} ${call.route}`))].sort();
    expect(tested).toEqual(registered);
  });

  it('refuses a forged, expired or malformed token', async () => {
    const session = await login(test.app, demo.owner);
    const [head, body] = session.headers.authorization.slice('Bearer '.length).split('.');
    const forged = `${head}.${body}.${'A'.repeat(43)}`;
    for (const authorization of [
      `Bearer ${forged}`,
      'Bearer undefined',
      'Bearer ',
      'Basic abc',
      `Bearer ${head}`,
    ]) {
      const response = await test.app.inject({
        method: 'GET',
        url: '/api/user/metadata',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
    }
    const { SignJWT } = await import('jose');
    const expired = await new SignJWT({ sid: session.sessionId, role: 'super_user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.userId)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(test.runtime.ctx.config.jwtSecret));
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/user/metadata',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('never shows one account the other account’s users or audit entries', async () => {
    const headers = context.headers('other');
    const users = await test.app.inject({
      method: 'GET',
      url: `/api/user/${context.ids.otherOwnerId ?? ''}/?pageSize=1000`,
      headers,
    });
    expect(users.json().data.list).toEqual([]);
    const ids = await test.app.inject({ method: 'GET', url: '/api/user/userIds', headers });
    expect(ids.json().data.map((u: { email: string }) => u.email)).toEqual([emails.other]);
    const audit = await test.app.inject({
      method: 'GET',
      url: `/api/audit/logs?limit=1000&accountId=${context.ids.demoAccountId ?? ''}`,
      headers,
    });
    const accounts = new Set(
      audit.json().data.list.map((entry: { account: string }) => entry.account),
    );
    expect([...accounts]).toEqual(['Other Laboratory']);
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredScope } from '../../src/lib/scope.js';
import { actorOfToken } from '../../src/modules/auth/session.js';
import { anyRole, guardPlugin, scopeOf } from '../../src/plugins/guard.js';
import { demo, userIdOf } from '../helpers/fixtures.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

/**
 * The guard on real sessions: the demo app signs each person in, and a small app with the same
 * database and token signer answers, per declared scope, the scope the guard resolved.
 */
let test: TestApp;
let probe: FastifyInstance;
const headers = new Map<string, Record<string, string>>();
let accountId: string;
let viewerId: string;

beforeAll(async () => {
  test = await createDemoApp();
  const { ctx } = test.runtime;
  probe = Fastify();
  await probe.register(
    fp(
      (instance) => {
        instance.decorate('db', ctx.db);
        instance.decorate('tokens', ctx.tokens);
      },
      { name: 'infrastructure' },
    ),
  );
  await probe.register(guardPlugin, {
    authenticate: (token, ip) => actorOfToken(ctx, token, ip),
  });
  for (const scope of ['account', 'assigned-devices', 'platform'] satisfies DeclaredScope[]) {
    probe.get(`/api/probe/${scope}`, { config: { guard: { roles: anyRole, scope } } }, (request) =>
      scopeOf(request),
    );
  }
  await probe.ready();
  for (const email of [demo.admin, demo.owner, demo.viewer])
    headers.set(email, (await login(test.app, email)).headers);
  const metadata = await test.app.inject({
    method: 'GET',
    url: '/api/user/metadata',
    headers: headers.get(demo.owner),
  });
  accountId = metadata.json<{ data: { accountId: string } }>().data.accountId;
  viewerId = await userIdOf(ctx.db, demo.viewer);
});
afterAll(async () => {
  await probe.close();
  await test.close();
});

async function resolved(email: string, scope: DeclaredScope) {
  const response = await probe.inject({
    method: 'GET',
    url: `/api/probe/${scope}`,
    headers: headers.get(email),
  });
  expect(response.statusCode).toBe(200);
  return response.json<unknown>();
}

describe('the scope the guard resolves, per role', () => {
  it('gives the platform administrator every account, whatever the route declares', async () => {
    for (const scope of ['account', 'assigned-devices', 'platform'] as const)
      expect(await resolved(demo.admin, scope)).toEqual({ kind: 'platform' });
  });

  it('gives an owner their whole account on account and assigned-devices routes', async () => {
    const own = { kind: 'account', accountId, assignedTo: null };
    expect(await resolved(demo.owner, 'account')).toEqual(own);
    expect(await resolved(demo.owner, 'assigned-devices')).toEqual(own);
    expect(await resolved(demo.owner, 'platform')).toEqual({ kind: 'platform' });
  });

  it('narrows a user to their assigned devices only where the route says so', async () => {
    expect(await resolved(demo.viewer, 'account')).toEqual({
      kind: 'account',
      accountId,
      assignedTo: null,
    });
    expect(await resolved(demo.viewer, 'assigned-devices')).toEqual({
      kind: 'account',
      accountId,
      assignedTo: viewerId,
    });
  });
});

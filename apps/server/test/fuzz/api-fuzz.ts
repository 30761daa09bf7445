import { errorReply } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { createAccountWithOwner, demo } from '../helpers/fixtures.js';
import { createDemoApp, fakeDns, login, type TestApp } from '../helpers/test-app.js';
import {
  badRequestOf,
  hostileReadOf,
  operationsOf,
  type FuzzRequest,
  type Operation,
} from './requests.js';
import { fingerprint } from './snapshot.js';

/**
 * Issue 18's guard: every operation of the OpenAPI document gets generated bad requests (wrong
 * types, huge and unicode strings, NUL, nested objects, out-of-range and non-finite numbers, bad
 * dates, malformed JSON) and, for reads, valid-shaped hostile ones; each is sent as every kind
 * of caller. No reply may be a 5xx, every 4xx must be in the error shape, and the database must
 * hold exactly what it held before. A fixed seed makes a failure repeatable; FUZZ_RUNS (cases
 * per operation, 150 by default: 17,700 requests, each sent as 5 callers, about 2.5 minutes on
 * PGlite on the 2-core machine) bounds the run.
 *
 * The operations are dealt to `parts` test files (test/integration/api-fuzz-*.test.ts), each
 * with its own app and database, so that the suite's workers share the work; an operation's
 * cases are the same whichever file sends them (its seed is its place in the whole document).
 */
const seed = 18_018;
const runs = Number(process.env.FUZZ_RUNS ?? 150);
const callers = ['anonymous', 'super_admin', 'super_user', 'user', 'other'] as const;
/** Reads that start an export task by design (and audit it): they get bad requests only. */
const readsThatWrite = new Set([
  '/api/device/downloadCsv',
  '/api/device/downloadPdf',
  '/api/alarms/downloadAlarmCSV',
  '/api/alarms/downloadAlarmPDF',
]);

type Fuzz = {
  test: TestApp;
  /** Real ids of every kind, so that requests reach each route's data (and other accounts'). */
  ids: string[];
  sessions: Map<string, Record<string, string>>;
  /** The last client address used: each request comes from its own. */
  address: number;
};

/** Signs every kind of caller in, and reads the ids the requests use. */
async function prepare(fuzz: Fuzz) {
  const { db } = fuzz.test.runtime.ctx;
  const { app } = fuzz.test;
  await createAccountWithOwner(db, 'Fuzz Other Lab', 'owner@fuzz-other.example');
  fuzz.sessions.set('anonymous', {});
  fuzz.sessions.set('super_admin', (await login(app, demo.admin)).headers);
  fuzz.sessions.set('super_user', (await login(app, demo.owner)).headers);
  fuzz.sessions.set('user', (await login(app, demo.viewer)).headers);
  fuzz.sessions.set('other', (await login(app, 'owner@fuzz-other.example')).headers);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from (
          select id from accounts union all select id from users union all select id from devices
          union all select id from gateways union all select id from locations
          union all select id from alarms) all_ids limit 200`,
  );
  fuzz.ids = [...rows.map((row) => row.id), '00000000-0000-4000-8000-000000000000'];
}

function checkReply(request: FuzzRequest, caller: string, status: number, body: string) {
  const where = `${caller}: ${request.url.slice(0, 200)} (${request.note}) -> ${String(status)} ${body.slice(0, 300)}`;
  expect(status, where).toBeLessThan(500);
  if (status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = body;
    }
    expect(errorReply.safeParse(parsed).success, where).toBe(true);
  }
}

async function sendAsEveryone(fuzz: Fuzz, op: Operation, request: FuzzRequest) {
  for (const caller of callers) {
    const response = await fuzz.test.app.inject({
      method: op.method as 'GET',
      url: request.url,
      headers: { ...fuzz.sessions.get(caller), ...request.headers },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      // Each request from its own address: the routes' rate limits stay out of the way.
      remoteAddress: `2001:db8:f::${(++fuzz.address).toString(16)}`,
    });
    checkReply(request, caller, response.statusCode, response.body);
  }
}

/**
 * Registers the fuzz of every `parts`-th operation of the document, from the `part`-th
 * (0-based). The app is built while the tests are collected, so that each operation is a test
 * of its own name.
 */
export async function fuzzOperations({ part, parts }: { part: number; parts: number }) {
  const test = await createDemoApp(
    {},
    { lookupHost: fakeDns({ 'hooks.example': ['93.184.215.14'] }) },
  );
  const operations: Operation[] = operationsOf(
    test.app.swagger() as Parameters<typeof operationsOf>[0],
  );
  const fuzz: Fuzz = { test, ids: [], sessions: new Map(), address: 0 };
  let baseline: Record<string, string> = {};

  beforeAll(async () => {
    await prepare(fuzz);
    baseline = await fingerprint(test.runtime.ctx.db);
  });
  afterAll(async () => {
    await test.close();
  });

  describe('the API under generated bad requests', () => {
    it('documents operations to fuzz', () => {
      expect(operations.length).toBeGreaterThan(90);
    });

    const mine = operations
      .map((op, index) => [`${op.method} ${op.path}`, op, index] as const)
      .filter(([, , index]) => index % parts === part);
    it.each(mine)('%s', async (_name, op, index) => {
      const hostile = readsThatWrite.has(op.path) ? undefined : hostileReadOf(op, fuzz.ids);
      const arbitraries = [badRequestOf(op, fuzz.ids), hostile].filter(
        (arbitrary): arbitrary is fc.Arbitrary<FuzzRequest> => arbitrary !== undefined,
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof(...arbitraries), (request) => sendAsEveryone(fuzz, op, request)),
        { seed: seed + index, numRuns: runs, endOnFailure: true },
      );
      const after = await fingerprint(test.runtime.ctx.db);
      const changed = Object.keys(after).filter((table) => after[table] !== baseline[table]);
      baseline = after;
      expect(changed, `${op.method} ${op.path} changed data`).toEqual([]);
    });
  });
}

import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema/index.js';
import { webhookFailedReason } from '../../src/modules/notifications/delivery.js';
import type { HostLookup } from '../../src/notify/webhook-target.js';
import * as lab from '../helpers/notify-lab.js';
import { createTestApp, fakeDns, login, type TestApp } from '../helpers/test-app.js';

/** A loopback listener standing for an internal service: it counts every request that reaches it. */
type Listener = { port: number; hits: string[]; server: Server };

async function startListener(reply: (path: string) => { status: number; location?: string }) {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    const answer = reply(request.url ?? '');
    response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
    response.end('ok');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, hits, server } satisfies Listener;
}

/** `rebind.example` resolves to a public address until `rebind()`, then to loopback. */
function rebindingDns() {
  let addresses = ['93.184.215.14'];
  const others = fakeDns({
    'hooks.example': ['93.184.215.14'],
    'mixed.example': ['93.184.215.14', '10.0.0.7'],
  });
  const lookup: HostLookup = (hostname) =>
    hostname === 'rebind.example'
      ? Promise.resolve(addresses.map((address) => ({ address, family: 4 })))
      : others(hostname);
  return {
    lookup,
    rebind() {
      addresses = ['127.0.0.1'];
    },
  };
}

let listener: Listener;
let guarded: TestApp;
let onPremises: TestApp;
const dns = rebindingDns();

beforeAll(async () => {
  listener = await startListener((path) =>
    path === '/moved'
      ? { status: 302, location: `http://127.0.0.1:${String(listener.port)}/elsewhere` }
      : { status: 200 },
  );
  guarded = await createTestApp({}, { lookupHost: dns.lookup });
  onPremises = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: '1' });
});
afterAll(async () => {
  await guarded.close();
  await onPremises.close();
  listener.server.closeAllConnections();
  listener.server.close();
});

async function ownerOf(test: TestApp) {
  const fixture = await lab.createLab(test.runtime.ctx.db, {});
  return { fixture, headers: (await login(test.app, fixture.owner.email)).headers };
}

const saveHook = (test: TestApp, headers: Record<string, string>, url: string) =>
  test.app.inject({
    method: 'PUT',
    url: '/api/account/webhooks',
    headers,
    payload: { url, enable: true },
  });

/** Raises an alarm of the lab, runs every job (retries made due at once) and returns its webhook row. */
async function deliverAlarm(test: TestApp, fixture: lab.Lab) {
  const { db } = test.runtime.ctx;
  const payload = await lab.raise(db, fixture);
  for (let round = 0; round < 3; round++) {
    await test.runtime.worker?.drain();
    await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'queued'));
  }
  const rows = await lab.rowsOf(db, payload.eventId);
  return rows.find((row) => row.channel === 'webhook');
}

describe('webhook targets (SSRF)', () => {
  it('refuses loopback, private, link-local, metadata and reserved targets at save time', async () => {
    const { headers } = await ownerOf(guarded);
    const port = String(listener.port);
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      `http://localhost:${port}/hook`,
      `http://[::1]:${port}/hook`,
      `http://0x7f000001:${port}/hook`,
      `http://2130706433:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      `http://0.0.0.0:${port}/hook`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://10.1.2.3/hook',
      'http://192.168.1.10:6379/',
      'http://100.64.0.1/hook',
      'http://224.0.0.1/hook',
      'https://mixed.example/hook',
    ]) {
      const response = await saveHook(guarded, headers, url);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 400,
        body: {
          errors: [
            {
              message: 'webhooks cannot be sent to a local, private or reserved network address',
              code: 'webhookTargetNotAllowed',
              field: 'url',
            },
          ],
        },
      });
    }
    const unknown = await saveHook(guarded, headers, 'https://nowhere.invalid/hook');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].code).toBe('webhookHostUnknown');
    expect((await saveHook(guarded, headers, 'https://hooks.example/hook')).statusCode).toBe(200);
    expect(listener.hits).toEqual([]);
  });

  it('checks again at delivery: a name rebound to loopback never reaches the listener', async () => {
    const { fixture, headers } = await ownerOf(guarded);
    const url = `http://rebind.example:${String(listener.port)}/hook`;
    expect((await saveHook(guarded, headers, url)).statusCode).toBe(200);
    dns.rebind();
    const row = await deliverAlarm(guarded, fixture);
    expect(listener.hits).toEqual([]);
    expect(row?.status).not.toBe('sent');
    expect(row?.reason).toBe(webhookFailedReason);
    const log = await guarded.app.inject({
      method: 'GET',
      url: '/api/user/notifications?page=1&pageSize=50',
      headers,
    });
    const reasons = log
      .json()
      .data.list.filter((entry: { channel: string }) => entry.channel === 'webhook')
      .map((entry: { reason: string | null }) => entry.reason);
    expect(reasons).toEqual([webhookFailedReason]);
  });

  it('delivers to a private address when the operator allows it, and follows no redirect', async () => {
    const { fixture, headers } = await ownerOf(onPremises);
    const base = `http://127.0.0.1:${String(listener.port)}`;
    expect((await saveHook(onPremises, headers, `${base}/hook`)).statusCode).toBe(200);
    expect((await deliverAlarm(onPremises, fixture))?.status).toBe('sent');
    expect(listener.hits).toEqual(['/hook']);

    const second = await ownerOf(onPremises);
    expect((await saveHook(onPremises, second.headers, `${base}/moved`)).statusCode).toBe(200);
    const moved = await deliverAlarm(onPremises, second.fixture);
    expect(moved?.status).not.toBe('sent');
    expect(moved?.reason).toBe(webhookFailedReason);
    expect(listener.hits.filter((path) => path === '/elsewhere')).toEqual([]);
    expect(listener.hits.filter((path) => path === '/moved').length).toBeGreaterThan(0);
  });
});

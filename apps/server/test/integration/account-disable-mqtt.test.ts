import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { topics } from '@vigil/contracts';
import { createAccountWithOwner, demo } from '../helpers/fixtures.js';
import {
  accountOf,
  connectGateway,
  createIngestApp,
  gatewayLogLines,
  insertGateway,
  readingCount,
  series,
  upPayload,
  type IngestTestApp,
} from '../helpers/ingest.js';
import { login } from '../helpers/test-app.js';

let test: IngestTestApp;
const db = () => test.runtime.ctx.db;

beforeAll(async () => {
  test = await createIngestApp();
});
afterAll(async () => {
  await test.close();
});

describe('a deleted account’s gateways over MQTT', () => {
  it('are refused at once, and the refusal is in the gateway’s log', async () => {
    const { account } = await createAccountWithOwner(
      db(),
      'Mqtt Doomed',
      'owner@mqtt-doomed.example',
    );
    const gateway = await insertGateway(db(), account.id);
    const deviceId = gateway.devices[0] ?? '';
    const deviceRow = gateway.deviceRows.get(deviceId) ?? '';
    const client = await connectGateway(test.brokerUrl, gateway);
    await client.publishAsync(topics.up(gateway.gatewayId), upPayload(series(deviceId, 3)), {
      qos: 1,
    });
    expect(await readingCount(db(), deviceRow)).toBe(3);

    const { headers } = await login(test.app, demo.admin);
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/account/deleteAccount/${account.id}`,
      headers,
    });
    expect(deleted.statusCode).toBe(200);

    // The connection still open: its next message is refused and the connection closed.
    const closed = new Promise<void>((resolve) =>
      client.once('close', () => {
        resolve();
      }),
    );
    client
      .publishAsync(
        topics.up(gateway.gatewayId),
        upPayload(series(deviceId, 3, Date.now() + 9e5)),
        {
          qos: 1,
        },
      )
      .catch(() => undefined);
    await closed;
    expect(await readingCount(db(), deviceRow)).toBe(3);
    // A new connection is refused too.
    await expect(connectGateway(test.brokerUrl, gateway)).rejects.toThrow();
    await vi.waitFor(
      async () => {
        const lines = (await gatewayLogLines(db(), gateway.gatewayId)).map((line) => line.message);
        expect(lines).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^connected/),
            'rejected a message on up: the account is disabled',
            'connection refused: wrong secret or account disabled',
          ]),
        );
      },
      { timeout: 5000, interval: 50 },
    );
    // The platform administrator reads those lines on the gateway logs page.
    const page = await test.app.inject({
      method: 'GET',
      url: `/api/gateway/gatewayLogs?page=1&pageSize=10&gatewayId=${gateway.gatewayId.toUpperCase()}`,
      headers,
    });
    const messages = (page.json().data.list as { message: string }[]).map((line) => line.message);
    expect(messages).toContain('rejected a message on up: the account is disabled');
  });
});

/**
 * The batch insert reads no `devices` (modules/readings/repo.ts): the process that deletes a
 * device forgets it at once, and the purge runs again later for what other processes stored.
 */
describe('a device deleted while ingest has it cached', () => {
  it('stores no reading of a device deleted a moment ago, though its record was cached', async () => {
    const gateway = await insertGateway(db(), await accountOf(db(), demo.owner), {
      deviceCount: 2,
    });
    const [gone, kept] = gateway.devices as [string, string];
    const client = await connectGateway(test.brokerUrl, gateway);
    const publish = (readings: ReturnType<typeof series>) =>
      client.publishAsync(topics.up(gateway.gatewayId), upPayload(readings), { qos: 1 });
    await publish([...series(gone, 2), ...series(kept, 2)]);
    expect(await readingCount(db(), gateway.deviceRows.get(gone)!)).toBe(2);
    const session = await login(test.app, demo.owner);
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/device/${gateway.deviceRows.get(gone)!}`,
      headers: session.headers,
    });
    expect(deleted.statusCode).toBe(200);
    await publish([
      ...series(gone, 3, Date.now() + 60_000),
      ...series(kept, 3, Date.now() + 60_000),
    ]);
    await client.endAsync();
    expect(await readingCount(db(), gateway.deviceRows.get(kept)!)).toBe(5);
    // Only those from before, which the purge job removes (device-lists.test.ts).
    expect(await readingCount(db(), gateway.deviceRows.get(gone)!)).toBe(2);
    const lines = (await gatewayLogLines(db(), gateway.gatewayId)).map((line) => line.message);
    expect(lines).toContain(
      `unknown device ${gone}: 3 readings not stored (not registered in this account)`,
    );
  });
});

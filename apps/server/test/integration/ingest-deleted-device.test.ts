import { topics } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../helpers/fixtures.js';
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
let accountId: string;
const db = () => test.runtime.ctx.db;

beforeAll(async () => {
  test = await createIngestApp();
  accountId = await accountOf(db(), demo.owner);
});
afterAll(async () => {
  await test.close();
});

/**
 * The batch insert reads no `devices` (modules/readings/repo.ts): the process that deletes a
 * device forgets it at once, and the purge runs again later for what other processes stored.
 */
describe('a device deleted while ingest has it cached', () => {
  it('stores no reading of a device deleted a moment ago, though its record was cached', async () => {
    const gateway = await insertGateway(db(), accountId, { deviceCount: 2 });
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

import { topics } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../helpers/fixtures.js';
import {
  accountOf,
  connectGateway,
  createIngestApp,
  gatewayLogLines,
  insertGateway,
  metricValue,
  readingCount,
  upPayload,
  type IngestTestApp,
} from '../helpers/ingest.js';
import { login } from '../helpers/test-app.js';

const day = 86_400_000;
let test: IngestTestApp;
let key: string;
const db = () => test.runtime.ctx.db;

beforeAll(async () => {
  // A 30-day raw retention: the age limit follows RAW_RETENTION_DAYS.
  test = await createIngestApp({ RAW_RETENTION_DAYS: '30' });
  const { headers } = await login(test.app, demo.owner);
  const created = await test.app.inject({
    method: 'POST',
    url: '/api/account/createApiKey',
    headers,
  });
  key = created.json().data.apiKey as string;
});
afterAll(async () => {
  await test.close();
});

const rejected = async (transport: string, reason: string) =>
  metricValue(
    (await test.app.inject({ url: '/metrics' })).body,
    'vigil_ingest_rejected_messages_total',
    {
      transport,
      reason,
    },
  );

describe('readings outside the kept window', () => {
  it('refuses, counts and logs too old and too far future readings over MQTT', async () => {
    const gateway = await insertGateway(db(), await accountOf(db(), demo.owner));
    const deviceId = gateway.devices[0]!;
    const client = await connectGateway(test.brokerUrl, gateway);
    const before = await rejected('mqtt', 'timestamp_too_old');
    const publish = (ts: string | number) =>
      client.publishAsync(
        topics.up(gateway.gatewayId),
        upPayload([{ deviceId, ts, data: { t: 4 } }]),
        {
          qos: 1,
        },
      );
    await publish('2001-01-01T00:00:00Z');
    await publish(Date.now() - 31 * day);
    await publish(Date.now() + 10 * 60_000);
    expect(await readingCount(db(), gateway.deviceRows.get(deviceId)!)).toBe(0);
    await publish(Date.now() - 29 * day);
    expect(await readingCount(db(), gateway.deviceRows.get(deviceId)!)).toBe(1);
    await client.endAsync();
    expect((await rejected('mqtt', 'timestamp_too_old')) - before).toBe(2);
    const lines = (await gatewayLogLines(db(), gateway.gatewayId)).map((line) => line.message);
    expect(lines).toEqual(
      expect.arrayContaining([
        'rejected a message on up: timestamp too old (readings.0: ts: older than the 30 days of raw data kept)',
        'rejected a message on up: timestamp future (readings.0: ts: more than 5 minutes in the future)',
      ]),
    );
  });

  it('refuses and counts them over HTTP too', async () => {
    const gateway = await insertGateway(db(), await accountOf(db(), demo.owner));
    const deviceId = gateway.devices[0]!;
    const ingest = (ts: string | number) =>
      test.app.inject({
        method: 'POST',
        url: '/api/ingest',
        headers: { 'x-api-key': key },
        payload: { readings: [{ deviceId, ts, data: { t: 4 } }] },
      });
    const tooOld = await rejected('http', 'timestamp_too_old');
    const future = await rejected('http', 'timestamp_future');
    for (const ts of ['2001-01-01T00:00:00Z', Date.now() - 31 * day, Date.now() + 10 * 60_000]) {
      const response = await ingest(ts);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({
        code: 'payloadInvalid',
        field: 'readings.0',
      });
    }
    expect((await ingest(Date.now() - 29 * day)).statusCode).toBe(200);
    expect((await rejected('http', 'timestamp_too_old')) - tooOld).toBe(2);
    expect((await rejected('http', 'timestamp_future')) - future).toBe(1);
  });
});

describe('a flood of refused messages', () => {
  it('writes one gateway log line for a reason, then one summary with the count', async () => {
    const gateway = await insertGateway(db(), await accountOf(db(), demo.owner));
    const other = await insertGateway(db(), await accountOf(db(), demo.owner));
    const client = await connectGateway(test.brokerUrl, gateway);
    const otherClient = await connectGateway(test.brokerUrl, other);
    const before = await rejected('mqtt', 'invalid_json');
    for (let sent = 0; sent < 1000; sent++) {
      await client.publishAsync(topics.up(gateway.gatewayId), `{"broken": ${String(sent)}`, {
        qos: 1,
      });
    }
    await otherClient.publishAsync(topics.up(other.gatewayId), 'not json', { qos: 1 });
    await client.endAsync();
    await otherClient.endAsync();
    expect((await rejected('mqtt', 'invalid_json')) - before).toBe(1001);
    const linesOf = async (gatewayId: string) =>
      (await gatewayLogLines(db(), gatewayId))
        .filter((line) => line.source === 'platform' && line.message.startsWith('rejected'))
        .map((line) => line.message);
    expect(await linesOf(gateway.gatewayId)).toEqual([
      expect.stringMatching(/^rejected a message on up: invalid json \(/),
    ]);
    // Another gateway refused for the same reason is logged on its own.
    expect(await linesOf(other.gatewayId)).toHaveLength(1);
    // The minute's summary (written when its window ends; here on shutdown).
    await test.runtime.ingest.pipeline.close();
    expect(await linesOf(gateway.gatewayId)).toEqual([
      expect.stringMatching(/^rejected a message on up: invalid json \(/),
      expect.stringMatching(
        /^rejected 999 more messages on up in the last minute: invalid json \(last: /,
      ),
    ]);
  });
});

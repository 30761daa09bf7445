import { topics } from '@vigil/contracts';
import type { Client } from 'aedes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReadAhead } from '../../src/ingest/broker.js';
import { demo } from '../helpers/fixtures.js';
import {
  accountOf,
  connectGateway,
  createIngestApp,
  insertGateway,
  metricValue,
  readingCount,
  series,
  upPayload,
  type IngestTestApp,
} from '../helpers/ingest.js';

const messages = 8;
const perMessage = 500;

let test: IngestTestApp;
beforeAll(async () => {
  // A batch is written when it holds every message's readings, or after 10 s: one batch means
  // the broker read all the messages while none of them was durable yet.
  test = await createIngestApp({
    INGEST_BATCH_SIZE: String(messages * perMessage),
    INGEST_FLUSH_MS: '10000',
  });
});
afterAll(async () => {
  await test.close();
});

describe('a gateway with many messages in flight', () => {
  it('has them all read before the first is durable, and each acknowledged only once stored', async () => {
    const db = test.runtime.ctx.db;
    const gateway = await insertGateway(db, await accountOf(db, demo.owner), { deviceCount: 1 });
    const deviceId = gateway.devices[0]!;
    const client = await connectGateway(test.brokerUrl, gateway);
    const order: string[] = [];
    const onReadings = () => order.push('stored');
    test.runtime.ingest.events.on('readings', onReadings);
    client.on('packetreceive', (packet) => {
      if (packet.cmd === 'puback') order.push('puback');
    });
    // ~45 kB each: they reach the broker in several reads of the socket.
    const all = series(deviceId, messages * perMessage);
    await Promise.all(
      Array.from({ length: messages }, (_, index) =>
        client.publishAsync(
          topics.up(gateway.gatewayId),
          upPayload(all.slice(index * perMessage, (index + 1) * perMessage)),
          { qos: 1 },
        ),
      ),
    );
    test.runtime.ingest.events.off('readings', onReadings);
    expect(await readingCount(db, gateway.deviceRows.get(deviceId)!)).toBe(messages * perMessage);
    const metrics = await test.runtime.ingest.registry.metrics();
    expect(metricValue(metrics, 'vigil_ingest_batch_readings_count')).toBe(1);
    expect(order).toEqual(['stored', ...Array.from({ length: messages }, () => 'puback')]);
    await client.endAsync();
  });
});

describe('reading ahead', () => {
  function fakeClient() {
    const readOn = vi.fn();
    return { client: { _nextBatch: readOn } as unknown as Client, readOn };
  }
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it('counts each message once: early, or when it is done', async () => {
    const readAhead = createReadAhead({ maxReadAhead: 2, maxQueued: 100, queued: () => 0 });
    const { client, readOn } = fakeClient();
    readAhead.install(client);
    const done = (client as unknown as { _nextBatch: () => void })._nextBatch;
    expect(readAhead.release(client)).toBe(true);
    expect(readAhead.release(client)).toBe(true);
    // At most two read past.
    expect(readAhead.release(client)).toBe(false);
    await settled();
    expect(readOn).toHaveBeenCalledTimes(2);
    // The two released messages finish: already counted.
    done();
    done();
    expect(readOn).toHaveBeenCalledTimes(2);
    // A message not released counts when it is done.
    done();
    expect(readOn).toHaveBeenCalledTimes(3);
    expect(readAhead.release(client)).toBe(true);
  });

  it('reads ahead for no one while the writer holds too many readings', () => {
    let queued = 100;
    const readAhead = createReadAhead({ maxReadAhead: 8, maxQueued: 100, queued: () => queued });
    const { client } = fakeClient();
    readAhead.install(client);
    expect(readAhead.release(client)).toBe(false);
    queued = 99;
    expect(readAhead.release(client)).toBe(true);
  });

  it('passes errors on, and a client never installed is not released', () => {
    const readAhead = createReadAhead({ maxReadAhead: 8, maxQueued: 100, queued: () => 0 });
    const { client, readOn } = fakeClient();
    expect(readAhead.release(client)).toBe(false);
    readAhead.install(client);
    expect(readAhead.release(client)).toBe(true);
    const error = new Error('refused');
    (client as unknown as { _nextBatch: (error?: Error) => void })._nextBatch(error);
    expect(readOn).toHaveBeenCalledWith(error);
  });
});

import { topics } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts } from '../../src/db/schema/index.js';
import { startExternalIngest, type ExternalIngest } from '../../src/ingest/external.js';
import { realtimeAnnouncer } from '../../src/modules/alarms/engine/announce.js';
import { IngestEvents } from '../../src/ingest/events.js';
import type { IngestHub } from '../../src/ingest/hub.js';
import { createIngestPath } from '../../src/ingest-path.js';
import { createAccountWithOwner, demo } from '../helpers/fixtures.js';
import {
  accountOf,
  gatewayLogLines,
  insertGateway,
  metricValue,
  readingCount,
  series,
  upPayload,
  type TestGateway,
} from '../helpers/ingest.js';
import { startMosquitto, type Mosquitto } from '../helpers/mosquitto.js';
import { createDemoApp, type TestApp } from '../helpers/test-app.js';

let mosquitto: Mosquitto;
let test: TestApp;
let gateway: TestGateway;
const consumers: { hub: IngestHub; ingest: ExternalIngest }[] = [];
const db = () => test.runtime.ctx.db;

beforeAll(async () => {
  mosquitto = await startMosquitto();
  test = await createDemoApp({ MQTT_URL: mosquitto.url, MQTT_AUTH: 'none', INGEST_FLUSH_MS: '10' });
  gateway = await insertGateway(db(), await accountOf(db(), demo.owner), { deviceCount: 4 });
  // Two ingest consumers of the same shared subscription, as two ingest processes would be.
  for (const name of ['a', 'b']) {
    const { hub } = createIngestPath(
      test.runtime.ctx,
      pino({ level: 'silent' }),
      `test-ingest-${name}`,
      {
        events: new IngestEvents(),
        announce: realtimeAnnouncer(test.runtime.realtime),
      },
    );
    const ingest = await startExternalIngest({
      url: mosquitto.url,
      clientId: `test-ingest-${name}-${Date.now()}`,
      sessionExpirySeconds: 60,
      shareGroup: 'vigil-ingest',
      connections: 2,
      hub,
      log: pino({ level: 'silent' }),
    });
    consumers.push({ hub, ingest });
  }
});
afterAll(async () => {
  for (const { hub, ingest } of consumers) {
    await ingest.stopAccepting();
    await hub.writer.close();
    await hub.followUp.close();
    await ingest.close();
    await hub.logs.close();
  }
  await test.close();
  await mosquitto.stop();
});

const handledBy = async (hub: IngestHub) =>
  metricValue(await hub.registry.metrics(), 'vigil_ingest_messages_total', {
    kind: 'up',
    outcome: 'accepted',
  });

describe('ingest from an external broker (Mosquitto)', () => {
  it('splits the load between consumers of $share/vigil-ingest and stores every reading once', async () => {
    const publisher = await mqtt.connectAsync(mosquitto.url, { protocolVersion: 4 });
    const messages = 40;
    const end = Date.now() - 60_000;
    for (let index = 0; index < messages; index += 1) {
      const deviceId = gateway.devices[index % gateway.devices.length]!;
      const readings = series(
        deviceId,
        25,
        end - Math.floor(index / gateway.devices.length) * 25_000,
      );
      await publisher.publishAsync(topics.up(gateway.gatewayId), upPayload(readings), { qos: 1 });
    }
    // A redelivery after a consumer's crash: the same readings again.
    await publisher.publishAsync(
      topics.up(gateway.gatewayId),
      upPayload(series(gateway.devices[0]!, 25, end)),
      {
        qos: 1,
      },
    );
    await publisher.endAsync();
    await mosquitto.drained();

    for (const deviceId of gateway.devices) {
      expect(await readingCount(db(), gateway.deviceRows.get(deviceId)!)).toBe(250);
    }
    const [first, second] = await Promise.all(consumers.map(({ hub }) => handledBy(hub)));
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    expect((first ?? 0) + (second ?? 0)).toBe(messages + 1);
  });

  it('takes messages only for registered gateways of active accounts', async () => {
    const other = await createAccountWithOwner(db(), 'Paused Lab', 'owner@paused.example');
    const paused = await insertGateway(db(), other.account.id);
    await db()
      .update(accounts)
      .set({ status: 'disabled' })
      .where(eq(accounts.id, other.account.id));
    const publisher = await mqtt.connectAsync(mosquitto.url, { protocolVersion: 4 });
    await publisher.publishAsync(
      topics.up('gw-unregistered'),
      upPayload(series(gateway.devices[0]!, 3, Date.now())),
      {
        qos: 1,
      },
    );
    await publisher.publishAsync(
      topics.up(paused.gatewayId),
      upPayload(series(paused.devices[0]!, 3)),
      { qos: 1 },
    );
    await publisher.publishAsync(
      topics.log(gateway.gatewayId),
      JSON.stringify({ message: 'via mosquitto' }),
      {
        qos: 1,
      },
    );
    await publisher.endAsync();
    await mosquitto.drained();

    expect(await readingCount(db(), paused.deviceRows.get(paused.devices[0]!)!)).toBe(0);
    expect(await readingCount(db(), gateway.deviceRows.get(gateway.devices[0]!)!)).toBe(250);
    const texts = await Promise.all(consumers.map(({ hub }) => hub.registry.metrics()));
    const rejected = (reason: string) =>
      texts.reduce(
        (sum, text) => sum + metricValue(text, 'vigil_ingest_rejected_messages_total', { reason }),
        0,
      );
    expect(rejected('unknown_gateway')).toBe(1);
    expect(rejected('account_disabled')).toBe(1);
    await vi.waitFor(async () => {
      expect((await gatewayLogLines(db(), paused.gatewayId)).map((line) => line.message)).toContain(
        'rejected a message on up: the account is disabled',
      );
      expect(
        (await gatewayLogLines(db(), gateway.gatewayId)).map((line) => line.message),
      ).toContain('via mosquitto');
    });
  });

  it('reports the broker connection in /healthz', async () => {
    test.runtime.ingest.setBrokerHealth(consumers[0]!.ingest.health);
    expect((await test.app.inject({ url: '/healthz' })).json()).toMatchObject({ broker: 'ok' });
  });
});

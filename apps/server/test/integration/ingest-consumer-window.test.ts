import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqttConsumer } from '../../src/ingest/mqtt-consumer.js';
import { startMosquitto, type Mosquitto } from '../helpers/mosquitto.js';

let mosquitto: Mosquitto;
beforeAll(async () => {
  mosquitto = await startMosquitto();
});
afterAll(async () => {
  await mosquitto.stop();
});

/** A turn of the event loop or two: the handler's work, without a timer. */
const aFewTurns = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

describe('the ingest consumer of an external broker', () => {
  it('holds no more messages than its Receive Maximum (plus one read), however many the broker sends', async () => {
    const receiveMaximum = 10;
    // 8 KB each: one read of the socket (64 KB at most) carries 8 of them.
    const payload = 'x'.repeat(8192);
    const perRead = 8;
    let received = 0;
    let inHand = 0;
    let mostInHand = 0;
    const consumer = new MqttConsumer({
      url: mosquitto.url,
      clientId: `window-${String(Date.now())}`,
      sessionExpirySeconds: 60,
      subscriptions: ['$share/window/v1/gateways/+/up'],
      receiveMaximum,
      onMessage: async () => {
        received += 1;
        inHand += 1;
        mostInHand = Math.max(mostInHand, inHand);
        await aFewTurns();
        inHand -= 1;
      },
      log: pino({ level: 'silent' }),
    });
    await consumer.ready;
    // Ten gateways with ten messages in flight each, as acknowledgements flow: Mosquitto 2.0
    // then sends more than the Receive Maximum (180–280 in hand here without holding back).
    const gateways = await Promise.all(
      Array.from({ length: 10 }, () => mqtt.connectAsync(mosquitto.url, { protocolVersion: 5 })),
    );
    await Promise.all(
      gateways.map(async (gateway, index) => {
        for (let round = 0; round < 20; round += 1) {
          await Promise.all(
            Array.from({ length: 10 }, () =>
              gateway.publishAsync(`v1/gateways/gw-${String(index)}/up`, payload, { qos: 1 }),
            ),
          );
        }
      }),
    );
    // Every message acknowledged: none left in the broker.
    await mosquitto.drained();
    await Promise.all(gateways.map((gateway) => gateway.endAsync()));
    consumer.abort();
    expect(received).toBe(2000);
    expect(mostInHand).toBeLessThanOrEqual(receiveMaximum + perRead);
  });
});

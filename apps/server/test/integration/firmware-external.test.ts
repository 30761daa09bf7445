import { firmwareCommandMessage, topics } from '@vigil/contracts';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateways } from '../../src/db/schema/index.js';
import { demo } from '../helpers/fixtures.js';
import { form, image, nextCommand } from '../helpers/firmware.js';
import { accountOf, insertGateway } from '../helpers/ingest.js';
import { startMosquitto, type Mosquitto } from '../helpers/mosquitto.js';
import { createDemoApp, login, type TestApp } from '../helpers/test-app.js';

let mosquitto: Mosquitto;
let test: TestApp;
let subscriber: MqttClient;

beforeAll(async () => {
  mosquitto = await startMosquitto();
  // An API process of its own: no broker and no ingest role, only MQTT_URL.
  test = await createDemoApp({ MQTT_URL: mosquitto.url, MQTT_AUTH: 'none', ROLES: 'api' });
  subscriber = await mqtt.connectAsync(mosquitto.url, { reconnectPeriod: 0 });
});
afterAll(async () => {
  await subscriber.endAsync();
  await test.runtime.ingest.downlink.close();
  await test.close();
  await mosquitto.stop();
});

describe('firmware commands through an external broker', () => {
  it('reach the gateway’s down topic from an API process without a broker of its own', async () => {
    const db = test.runtime.ctx.db;
    const { headers } = await login(test.app, demo.admin);
    const uploaded = await test.app.inject({
      method: 'POST',
      url: '/api/firmware',
      headers,
      payload: form([{ name: 'loraFw', filename: 'lora_v8.0.0.bin', bytes: image() }]),
    });
    const [file] = uploaded.json().data.files as { id: string }[];
    const gateway = await insertGateway(db, await accountOf(db, demo.owner));
    // Its status as an ingest process connected to the same broker would have stored it.
    await db
      .update(gateways)
      .set({ status: 'online', loraFreq: '915.0' })
      .where(eq(gateways.id, gateway.id));
    await subscriber.subscribeAsync(topics.down(gateway.gatewayId), { qos: 1 });

    const received = nextCommand(subscriber, gateway.gatewayId);
    const response = await test.app.inject({
      url: `/api/gateway/public/gateway?id=${gateway.id}&command=main_LoRa&firmwareId=${file?.id ?? ''}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(firmwareCommandMessage.parse(await received)).toMatchObject({
      command: 'main_LoRa',
      version: '8.0.0',
      updateId: response.json().data.update.id,
    });

    const frequency = nextCommand(subscriber, gateway.gatewayId);
    await test.app.inject({
      method: 'POST',
      url: `/api/gateway/${gateway.id}/loraFrequency`,
      headers,
    });
    expect(await frequency).toEqual({ command: 'lora_frequency', frequency: '915.0' });
  });
});

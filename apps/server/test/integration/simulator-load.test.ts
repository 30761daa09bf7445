import { runLoad } from '@vigil/simulator';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMosquitto, type Mosquitto } from '../helpers/mosquitto.js';

let mosquitto: Mosquitto;

beforeAll(async () => {
  // Retained messages on: each simulated gateway keeps a retained status and a last will.
  mosquitto = await startMosquitto({ retain: true });
});

afterAll(async () => {
  await mosquitto.stop();
});

describe('the simulator load generator (bench:load, bench:cluster)', () => {
  it('sends every scheduled reading once, in order per device, with messages in flight', async () => {
    const subscriber = await mqtt.connectAsync(mosquitto.url, {
      protocolVersion: 4,
      clientId: `load-subscriber-${String(Date.now())}`,
    });
    const received: { deviceId: string; ts: string }[] = [];
    let expected = Infinity;
    let allReceived: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      allReceived = resolve;
    });
    subscriber.on('message', (_topic, payload) => {
      const { readings } = JSON.parse(payload.toString('utf8')) as { readings: typeof received };
      received.push(...readings.map(({ deviceId, ts }) => ({ deviceId, ts })));
      if (received.length >= expected) allReceived();
    });
    await subscriber.subscribeAsync('v1/gateways/+/up', { qos: 1 });
    const gateways = ['a', 'b', 'c'].map((name) => ({
      gatewayId: `load-${name}`,
      secret: 'secret',
      devices: Array.from({ length: 5 }, (_, index) => `${name}${String(index)}`),
    }));
    const startedAt = Date.now();
    // 2,000 readings/s per gateway, a message every half millisecond: faster than timers fire,
    // so each gateway falls behind and catches up with up to 8 messages in flight.
    const result = await runLoad({
      url: mosquitto.url,
      gateways,
      rate: 6000,
      batch: 1,
      window: 8,
      durationSeconds: 0.5,
      stamp: 'now',
    });
    expected = result.sent;
    if (received.length >= expected) allReceived();
    await done;
    await subscriber.endAsync();

    expect(result.queued).toBe(3000);
    expect(result.sent).toBe(result.queued);
    expect(received).toHaveLength(3000);
    expect(new Set(received.map(({ deviceId, ts }) => `${deviceId}|${ts}`)).size).toBe(3000);
    const byDevice = new Map<string, typeof received>();
    for (const reading of received) {
      byDevice.set(reading.deviceId, [...(byDevice.get(reading.deviceId) ?? []), reading]);
    }
    expect(byDevice.size).toBe(15);
    for (const readings of byDevice.values()) {
      // Each gateway goes round its devices: every device the same share.
      expect(readings).toHaveLength(200);
      const times = readings.map(({ ts }) => Date.parse(ts));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBeGreaterThanOrEqual(startedAt);
    }
  });
});

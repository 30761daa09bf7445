/**
 * The publishers of bench:live: one MQTT 3.1.1 client per gateway sending QoS 1 messages at a
 * steady pace, with up to `window` of them in flight each (waiting for no acknowledgement before
 * the next is due), so that the run reaches its rate whatever the acknowledgement latency is —
 * as gateways with a send window do. Every reading is stamped with the time its message is
 * sent (unique per device), so that a receiver on this machine measures publish -> delivery.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { topics } from '@vigil/contracts';
import mqtt from 'mqtt';

export type PacedGateway = { gatewayId: string; secret: string; devices: string[] };
export type PacedOptions = {
  url: string;
  gateways: PacedGateway[];
  /** Readings per second across all gateways. */
  rate: number;
  /** Readings per message. */
  batch: number;
  /** Messages in flight per gateway at most. */
  window: number;
  durationSeconds: number;
  /** Every gateway sends at the same instants (the worst case) instead of at its own offset. */
  aligned?: boolean;
};
export type PacedResult = {
  sent: number;
  seconds: number;
  readingsPerSecond: number;
  /** Messages that could not be sent on time because the window was full. */
  late: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function publishPaced(options: PacedOptions): Promise<PacedResult> {
  const clients = await Promise.all(
    options.gateways.map((gateway) =>
      mqtt.connectAsync(options.url, {
        protocolVersion: 4,
        clientId: `bench-live-${gateway.gatewayId}`,
        username: gateway.gatewayId,
        password: gateway.secret,
        reconnectPeriod: 0,
      }),
    ),
  );
  const perGatewayRate = options.rate / options.gateways.length;
  const started = Date.now();
  const end = started + options.durationSeconds * 1000;
  let sent = 0;
  let late = 0;
  await Promise.all(
    options.gateways.map(async (gateway, index) => {
      const client = clients[index];
      if (!client || gateway.devices.length === 0) return;
      const inFlight = new Set<Promise<unknown>>();
      const lastStamp = new Map<string, number>();
      let sequence = 0;
      // Gateways are not in step with each other: each starts its cadence at a random offset
      // within one message interval (aligned: all at once, a burst every interval).
      const phase = options.aligned ? 0 : Math.random() * (options.batch / perGatewayRate) * 1000;
      await sleep(phase);
      while (Date.now() < end) {
        if (inFlight.size >= options.window) {
          late += 1;
          await Promise.race(inFlight);
        }
        const readings = Array.from({ length: options.batch }, () => {
          const deviceId = gateway.devices[sequence % gateway.devices.length] ?? '';
          sequence += 1;
          const ms = Math.max(Date.now(), (lastStamp.get(deviceId) ?? 0) + 1);
          lastStamp.set(deviceId, ms);
          return {
            deviceId,
            ts: new Date(ms).toISOString(),
            data: { t: 4 + (sequence % 10) / 10, h: 40, b: 90, m: 3 },
          };
        });
        const publishing = client
          .publishAsync(topics.up(gateway.gatewayId), JSON.stringify({ readings }), { qos: 1 })
          .finally(() => inFlight.delete(publishing));
        inFlight.add(publishing);
        sent += readings.length;
        const wait = started + phase + (sequence / perGatewayRate) * 1000 - Date.now();
        if (wait > 0) await sleep(wait);
      }
      await Promise.all(inFlight);
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  await Promise.all(clients.map((client) => client.endAsync()));
  return { sent, seconds, readingsPerSecond: sent / seconds, late };
}

/** Runs `publishPaced` in a child process of its own (its CPU is not the server's). */
export function forkPacedPublisher(options: PacedOptions): {
  done: Promise<PacedResult>;
  stop: () => void;
} {
  const child = fork(fileURLToPath(import.meta.url), ['paced-publisher'], {
    execArgv: ['--import', 'tsx'],
  });
  child.send(options);
  let stopped = false;
  const done = new Promise<PacedResult>((resolve, reject) => {
    child.once('message', (result) => {
      resolve(result as PacedResult);
    });
    child.once('exit', (code) => {
      if (code !== 0 && !stopped) reject(new Error(`publisher exited ${String(code)}`));
    });
  });
  return {
    done,
    stop: () => {
      stopped = true;
      child.kill();
    },
  };
}

if (process.argv[2] === 'paced-publisher') {
  process.once('message', (options: PacedOptions) => {
    publishPaced(options).then(
      (result) => {
        process.send?.(result, () => process.exit(0));
      },
      (error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
      },
    );
  });
}

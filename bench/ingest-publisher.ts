/**
 * The publishers of bench:ingest and bench:cluster, in a child process of their own (so that the
 * server's CPU and RSS are the server's alone): one MQTT 3.1.1 client per gateway, a window of
 * QoS 1 messages in flight each, payloads built before the clock starts.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { topics } from '@vigil/contracts';
import mqtt from 'mqtt';

export type Plan = {
  url: string;
  gateways: { gatewayId: string; secret: string; devices: string[] }[];
  messagesPerGateway: number;
  readingsPerMessage: number;
  window: number;
  startMs: number;
};
/** `cpuSeconds`: the publisher's own CPU time, from before its first publish to its last ack. */
export type PublisherResult = { readings: number; seconds: number; cpuSeconds: number };

/** The publisher process: one MQTT 3.1.1 client per gateway, a window of QoS 1 messages in flight. */
async function publish(plan: Plan): Promise<PublisherResult> {
  const clients = await Promise.all(
    plan.gateways.map((gateway) =>
      mqtt.connectAsync(plan.url, {
        protocolVersion: 4,
        clientId: `bench-${gateway.gatewayId}`,
        username: gateway.gatewayId,
        password: gateway.secret,
        reconnectPeriod: 0,
      }),
    ),
  );
  // Payloads are built before the clock starts: the publishers measure the server, not JSON.
  const payloads = plan.gateways.map((gateway) =>
    Array.from({ length: plan.messagesPerGateway }, (_, message) => {
      const readings = Array.from({ length: plan.readingsPerMessage }, (_, offset) => {
        const sequence = message * plan.readingsPerMessage + offset;
        const deviceId = gateway.devices[sequence % gateway.devices.length] ?? '';
        const round = Math.floor(sequence / gateway.devices.length);
        return {
          deviceId,
          ts: new Date(plan.startMs + round * 1000).toISOString(),
          data: { t: 4 + (sequence % 17) / 10, h: 40 + (sequence % 9), b: 90, m: 3, Node_Type: 1 },
        };
      });
      return Buffer.from(JSON.stringify({ readings }));
    }),
  );
  process.send?.({ type: 'start' });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    plan.gateways.map(async (gateway, index) => {
      const client = clients[index];
      const messages = payloads[index] ?? [];
      if (!client) return;
      let next = 0;
      const worker = async () => {
        while (next < messages.length) {
          const payload = messages[next++];
          if (payload) await client.publishAsync(topics.up(gateway.gatewayId), payload, { qos: 1 });
        }
      };
      await Promise.all(Array.from({ length: plan.window }, worker));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await Promise.all(clients.map((client) => client.endAsync()));
  return {
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    readings: plan.gateways.length * plan.messagesPerGateway * plan.readingsPerMessage,
    seconds,
  };
}

/**
 * Publishes `plan` from a child process; `onStart` is called with its process id as the clock
 * starts.
 */
export function runPublisher(
  plan: Plan,
  onStart?: (pid: number | undefined) => void,
): Promise<PublisherResult> {
  const child = fork(fileURLToPath(import.meta.url), ['publisher'], {
    execArgv: ['--import', 'tsx'],
  });
  child.send(plan);
  return new Promise((resolve, reject) => {
    child.on(
      'message',
      (message: { type: 'start' } | { type: 'result'; result: PublisherResult }) => {
        if (message.type === 'start') onStart?.(child.pid);
        else resolve(message.result);
      },
    );
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`publisher exited ${String(code)}`));
    });
  });
}

if (process.argv[2] === 'publisher' && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (plan) => {
    publish(plan as Plan).then(
      (result) => {
        process.send?.({ type: 'result', result }, () => process.exit(0));
      },
      (error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
      },
    );
  });
}

import { GatewayClient, type GatewayCredentials, type OutgoingReading } from './gateway-client.js';

export type LoadGateway = GatewayCredentials & { devices: string[] };
export type LoadOptions = {
  url: string;
  gateways: LoadGateway[];
  /** Readings per second across all gateways. */
  rate: number;
  /** Readings per MQTT message. */
  batch: number;
  durationSeconds: number;
  /**
   * `sequence` (default): timestamps one millisecond apart per device round from the run's start.
   * `now`: each reading stamped with the wall-clock time its message is built and sent (unique
   * per device), so that a receiver on the same machine can measure publish -> delivery latency.
   */
  stamp?: 'sequence' | 'now';
  log?: (line: string) => void;
};
export type LoadResult = { sent: number; seconds: number; readingsPerSecond: number };

/**
 * Publishes synthetic readings at `rate` for `durationSeconds`: each gateway sends its share in
 * messages of `batch` readings, QoS 1, timestamps unique per device so none is a duplicate.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const clients = options.gateways.map(
    (gateway) =>
      new GatewayClient(options.url, gateway, { batch: options.batch, log: options.log }),
  );
  await Promise.all(clients.map((client) => client.connect()));
  const perGatewayRate = options.rate / options.gateways.length;
  const started = Date.now();
  const end = started + options.durationSeconds * 1000;
  let sent = 0;
  const lastStamp = new Map<string, number>();
  const nowStamp = (deviceId: string) => {
    const ms = Math.max(Date.now(), (lastStamp.get(deviceId) ?? 0) + 1);
    lastStamp.set(deviceId, ms);
    return new Date(ms).toISOString();
  };
  await Promise.all(
    options.gateways.map(async (gateway, index) => {
      const client = clients[index];
      if (!client || gateway.devices.length === 0) return;
      let sequence = 0;
      while (Date.now() < end) {
        const readings: OutgoingReading[] = [];
        for (let i = 0; i < options.batch; i += 1, sequence += 1) {
          const deviceId = gateway.devices[sequence % gateway.devices.length] ?? '';
          // one millisecond apart per device round, starting at the run's start
          const ts =
            options.stamp === 'now'
              ? nowStamp(deviceId)
              : new Date(started + Math.floor(sequence / gateway.devices.length)).toISOString();
          readings.push({
            deviceId,
            ts,
            data: { t: 4 + (sequence % 10) / 10, h: 40, b: 90, m: 3 },
          });
        }
        await client.send(readings);
        sent += readings.length;
        const due = started + (sequence / perGatewayRate) * 1000;
        const wait = due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }),
  );
  await Promise.all(clients.map((client) => client.close()));
  const seconds = (Date.now() - started) / 1000;
  return { sent, seconds, readingsPerSecond: sent / seconds };
}

import { GatewayClient, type GatewayCredentials, type OutgoingReading } from './gateway-client.js';

export type LoadGateway = GatewayCredentials & { devices: string[] };
export type LoadOptions = {
  url: string;
  gateways: LoadGateway[];
  /** Readings per second across all gateways. */
  rate: number;
  /** Readings per MQTT message. */
  batch: number;
  /** QoS 1 messages in flight per gateway at most (default 1). */
  window?: number;
  durationSeconds: number;
  /**
   * `sequence` (default): timestamps one millisecond apart per device round from the run's start.
   * `now`: each reading stamped with the wall-clock time its message is built and sent (unique
   * per device), so that a receiver on the same machine can measure publish -> delivery latency.
   */
  stamp?: 'sequence' | 'now';
  /** Called once every gateway is connected, as the first reading is due. */
  onStart?: () => void;
  log?: (line: string) => void;
};
export type LoadResult = {
  /** Readings the broker acknowledged. */
  sent: number;
  /** Readings queued by the schedule; those not sent were still buffered when the run closed. */
  queued: number;
  seconds: number;
  readingsPerSecond: number;
  /** The most readings one gateway held back at once, waiting for its window. */
  backlog: number;
};

/**
 * Publishes synthetic readings at `rate` for `durationSeconds`: each gateway sends its share in
 * messages of `batch` readings, QoS 1, timestamps unique per device so none is a duplicate.
 * Each gateway goes round its devices, so that at `rate` = devices / 60 every device reports
 * once a minute, spread evenly over it; gateways are staggered, not in step. The schedule is the
 * clock's (as sensors report whatever the broker does): a gateway that cannot send in time
 * buffers, with up to `window` messages in flight, and sends everything before the run ends.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const clients = options.gateways.map(
    (gateway) =>
      new GatewayClient(options.url, gateway, {
        batch: options.batch,
        window: options.window,
        log: options.log,
      }),
  );
  await Promise.all(clients.map((client) => client.connect()));
  options.onStart?.();
  const perGatewayRate = options.rate / options.gateways.length;
  const started = Date.now();
  const end = started + options.durationSeconds * 1000;
  let queued = 0;
  let backlog = 0;
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
      // This gateway's place within one message interval, so that gateways take turns.
      const phaseMs = (index / options.gateways.length) * (options.batch / perGatewayRate) * 1000;
      let sequence = 0;
      for (let due = started + phaseMs; due < end;) {
        const wait = due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
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
        backlog = Math.max(backlog, client.buffered);
        // Not awaited: the next reading is due on time whether or not this one got through.
        void client.send(readings);
        queued += readings.length;
        due = started + phaseMs + (sequence / perGatewayRate) * 1000;
      }
      await client.flush();
    }),
  );
  const sent = clients.reduce((sum, client) => sum + client.acknowledged, 0);
  await Promise.all(clients.map((client) => client.close()));
  const seconds = (Date.now() - started) / 1000;
  return { sent, queued, seconds, readingsPerSecond: sent / seconds, backlog };
}

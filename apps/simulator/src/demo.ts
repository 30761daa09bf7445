import { demoIntervalSeconds, demoPlan, type DemoGateway } from './demo-plan.js';
import { GatewayClient, type GatewayCredentials, type OutgoingReading } from './gateway-client.js';
import { readingAt } from './models.js';
import type { OtaOptions } from './ota.js';

export type DemoOptions = {
  url: string;
  credentials: GatewayCredentials[];
  /** Publish this many hours of history first (only what the platform does not have yet). */
  backfillHours?: number;
  /** When history should start, if not `backfillHours` before now (e.g. after the latest stored reading). */
  backfillFrom?: Date;
  intervalSeconds?: number;
  log?: (line: string) => void;
  now?: () => number;
  /** Aborting closes the gateways at once, also in the middle of sending history. */
  signal?: AbortSignal;
  /** Firmware updates: failure rate and the pause between progress reports. */
  ota?: OtaOptions;
};

const minute = 60_000;

/** A flaky gateway loses its connection for 5 minutes every 2 hours and sends what it buffered afterwards. */
export function inOutage(gateway: DemoGateway, time: number): boolean {
  return (
    gateway.flaky && time % (120 * minute) >= 60 * minute && time % (120 * minute) < 65 * minute
  );
}

export function readingsAt(gateway: DemoGateway, time: number): OutgoingReading[] {
  const ts = new Date(time).toISOString();
  return gateway.devices.map((device) => ({
    deviceId: device.deviceId,
    ts,
    data: readingAt(device.deviceId, device.behaviour, time),
  }));
}

type Running = { gateway: DemoGateway; client: GatewayClient }[];

/** The demo gateways that have credentials, connected. */
async function connectGateways(options: DemoOptions): Promise<Running> {
  const secrets = new Map(options.credentials.map((c) => [c.gatewayId, c.secret]));
  const running = demoPlan.flatMap((gateway) => {
    const secret = secrets.get(gateway.gatewayId);
    if (!secret) return [];
    const client = new GatewayClient(
      options.url,
      { gatewayId: gateway.gatewayId, secret },
      { loraFreq: gateway.loraFreq, log: options.log, ota: options.ota },
    );
    return [{ gateway, client }];
  });
  await Promise.all(running.map(({ client }) => client.connect()));
  return running;
}

/** Every gateway's readings from `start` up to `next`, one gateway after the other. */
async function sendHistory(
  running: Running,
  options: DemoOptions,
  range: { start: number; next: number; intervalMs: number },
): Promise<void> {
  const { start, next, intervalMs } = range;
  if (start >= next) return;
  for (const { gateway, client } of running) {
    if (options.signal?.aborted) break;
    const history: OutgoingReading[] = [];
    for (let time = start; time < next; time += intervalMs)
      history.push(...readingsAt(gateway, time));
    await client.send(history);
  }
  if (!options.signal?.aborted)
    options.log?.(`demo: history from ${new Date(start).toISOString()} sent`);
}

/** One interval: each gateway's readings at `time`, a flaky one cut off or back first. */
async function sendInterval(running: Running, options: DemoOptions, time: number): Promise<void> {
  for (const { gateway, client } of running) {
    const outage = inOutage(gateway, time);
    if (outage && client.connected) {
      options.log?.(`demo: ${gateway.gatewayId} loses its connection`);
      await client.cut();
    } else if (!outage && !client.connected) {
      await client
        .connect()
        .catch((error: unknown) =>
          options.log?.(`demo: ${gateway.gatewayId} cannot reconnect: ${String(error)}`),
        );
    }
    // While disconnected the readings stay in the gateway's buffer and go out, late, on reconnect.
    await client.send(readingsAt(gateway, time));
  }
}

/** Runs the demo laboratory's gateways until stopped: history first, then a reading per device every interval. */
export async function startDemo(options: DemoOptions): Promise<{ stop: () => Promise<void> }> {
  const now = options.now ?? Date.now;
  const intervalMs = (options.intervalSeconds ?? demoIntervalSeconds) * 1000;
  const running = await connectGateways(options);
  const closeAll = async () => {
    await Promise.all(running.map(({ client }) => client.close()));
  };
  // Closing a client ends its send loop; what it had not sent stays unsent, as on a power cut.
  const aborted = new Promise<void>((resolve) => {
    if (options.signal?.aborted) resolve();
    options.signal?.addEventListener('abort', () => {
      resolve();
    });
  });
  void aborted.then(closeAll);

  const aligned = (time: number) => Math.floor(time / intervalMs) * intervalMs;
  const start = aligned(
    options.backfillFrom?.getTime() ?? now() - (options.backfillHours ?? 0) * 3_600_000,
  );
  let next = aligned(now());
  await sendHistory(running, options, { start, next, intervalMs });
  if (options.signal?.aborted) return { stop: () => Promise.resolve() };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        const time = next;
        next += intervalMs;
        current = sendInterval(running, options, time)
          .catch((error: unknown) => options.log?.(`demo: ${String(error)}`))
          .finally(schedule);
      },
      Math.max(0, next - now()),
    );
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      await closeAll();
    },
  };
}

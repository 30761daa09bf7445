import { topics } from '@vigil/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { createOtaAgent, type FirmwareVersions, type OtaAgent, type OtaOptions } from './ota.js';

export type GatewayCredentials = { gatewayId: string; secret: string };
export type OutgoingReading = { deviceId: string; ts: string; data: Record<string, number> };

export const firmware = { esp32Version: '1.4.2', loraVersion: '2.1.0', nextionVersion: '1.0.7' };

/**
 * One simulated gateway: a real MQTT 3.1.1 client with the gateway's id and secret, a retained
 * status with a last will, and a buffer so that nothing is lost while it is disconnected. It
 * listens on its `down` topic for firmware updates (ota.ts) and the LoRa frequency.
 */
export class GatewayClient {
  private client: MqttClient | undefined;
  private connecting: Promise<void> | undefined;
  private readonly buffer: OutgoingReading[] = [];
  private flushing: Promise<void> | undefined;
  private acknowledgedReadings = 0;
  /** The firmware it runs now: an update changes it. */
  readonly versions: FirmwareVersions = { ...firmware };
  private loraFreq: string | undefined;
  readonly ota: OtaAgent;

  constructor(
    private readonly url: string,
    private readonly credentials: GatewayCredentials,
    private readonly options: {
      loraFreq?: string;
      batch?: number;
      /** Messages published and not yet acknowledged at once (QoS 1); 1 by default. */
      window?: number;
      log?: (line: string) => void;
      ota?: OtaOptions;
    } = {},
  ) {
    this.loraFreq = options.loraFreq;
    this.ota = createOtaAgent(
      {
        gatewayId: credentials.gatewayId,
        versions: this.versions,
        report: (ota) => this.publishStatus({ ota }, false),
        reboot: () => this.reboot(),
        setLoraFrequency: async (frequency) => {
          this.loraFreq = frequency;
          await this.announce();
          await this.log(`LoRa frequency set to ${frequency}`);
        },
        log: options.log,
      },
      options.ota,
    );
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Readings waiting to be published (those in flight not included). */
  get buffered(): number {
    return this.buffer.length;
  }

  /** Readings the broker has acknowledged since this client was made. */
  get acknowledged(): number {
    return this.acknowledgedReadings;
  }

  /** Connects (once, however many callers ask at the same time). */
  connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const { gatewayId, secret } = this.credentials;
    const client = await mqtt.connectAsync(this.url, {
      protocolVersion: 4,
      clientId: `gw-${gatewayId}`,
      username: gatewayId,
      password: secret,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      will: {
        topic: topics.status(gatewayId),
        payload: Buffer.from(JSON.stringify({ online: false })),
        qos: 1,
        retain: true,
      },
    });
    client.on('error', (error) => this.options.log?.(`${gatewayId}: ${error.message}`));
    client.on('connect', () => {
      void client
        .subscribeAsync(topics.down(gatewayId), { qos: 1 })
        .then(() => this.announce())
        .then(() => this.flush())
        .catch(() => undefined);
    });
    client.on('message', (topic, payload) => {
      if (topic === topics.down(gatewayId)) void this.ota.handle(payload);
    });
    this.client = client;
    await client.subscribeAsync(topics.down(gatewayId), { qos: 1 });
    await this.announce();
  }

  private async publishStatus(extra: object, retain: boolean): Promise<void> {
    const status = {
      online: true,
      ...this.versions,
      ...(this.loraFreq ? { loraFreq: this.loraFreq } : {}),
      ...extra,
    };
    await this.client?.publishAsync(
      topics.status(this.credentials.gatewayId),
      JSON.stringify(status),
      { qos: 1, retain },
    );
  }

  private announce(): Promise<void> {
    return this.publishStatus({}, true);
  }

  /** Restarts after installing firmware: the connection drops and comes back with the new version. */
  private async reboot(): Promise<void> {
    await this.cut();
    await this.connect();
  }

  /** Queues readings and sends whatever is queued while connected. */
  async send(readings: OutgoingReading[]): Promise<void> {
    this.buffer.push(...readings);
    await this.flush();
  }

  /**
   * Sends the buffer in order, batch by batch, with up to `window` messages in flight; a failed
   * batch goes back to the front for the next try (with a window above 1, after any later batch
   * that did get through: readings carry their own time, so the platform stores them in order).
   */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    const batchSize = this.options.batch ?? 500;
    const window = Math.max(1, this.options.window ?? 1);
    const inFlight = new Set<Promise<void>>();
    const failed: { order: number; batch: OutgoingReading[] }[] = [];
    let order = 0;
    while (failed.length === 0 && this.client?.connected) {
      if (inFlight.size >= window || (this.buffer.length === 0 && inFlight.size > 0)) {
        await Promise.race(inFlight);
        continue;
      }
      if (this.buffer.length === 0) break;
      const client = this.client;
      const batch = this.buffer.splice(0, batchSize);
      const position = (order += 1);
      const publishing: Promise<void> = client
        .publishAsync(topics.up(this.credentials.gatewayId), JSON.stringify({ readings: batch }), {
          qos: 1,
        })
        .then(
          () => {
            this.acknowledgedReadings += batch.length;
          },
          (error: unknown) => {
            failed.push({ order: position, batch });
            this.options.log?.(
              `${this.credentials.gatewayId}: publish failed, keeping ${String(this.buffer.length + batch.length)} readings (${String(error)})`,
            );
          },
        )
        .finally(() => inFlight.delete(publishing));
      inFlight.add(publishing);
    }
    await Promise.all(inFlight);
    failed.sort((a, b) => a.order - b.order);
    this.buffer.unshift(...failed.flatMap((entry) => entry.batch));
  }

  async log(message: string): Promise<void> {
    await this.client?.publishAsync(
      topics.log(this.credentials.gatewayId),
      JSON.stringify({ message }),
      { qos: 0 },
    );
  }

  /** Drops the connection without a DISCONNECT, as a power cut would: the broker sends the last will. */
  async cut(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.endAsync(true);
  }

  /** Closes cleanly, marking the gateway offline first. */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    if (client.connected) {
      await client.publishAsync(
        topics.status(this.credentials.gatewayId),
        JSON.stringify({ online: false }),
        { qos: 1, retain: true },
      );
    }
    await client.endAsync();
  }
}

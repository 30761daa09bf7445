import { topics } from '@vigil/contracts';
import mqtt, { type MqttClient } from 'mqtt';

export type GatewayCredentials = { gatewayId: string; secret: string };
export type OutgoingReading = { deviceId: string; ts: string; data: Record<string, number> };

export const firmware = { esp32Version: '1.4.2', loraVersion: '2.1.0', nextionVersion: '1.0.7' };

/**
 * One simulated gateway: a real MQTT 3.1.1 client with the gateway's id and secret, a retained
 * status with a last will, and a buffer so that nothing is lost while it is disconnected.
 */
export class GatewayClient {
  private client: MqttClient | undefined;
  private readonly buffer: OutgoingReading[] = [];
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    private readonly credentials: GatewayCredentials,
    private readonly options: {
      loraFreq?: string;
      batch?: number;
      log?: (line: string) => void;
    } = {},
  ) {}

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  get buffered(): number {
    return this.buffer.length;
  }

  async connect(): Promise<void> {
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
      void this.announce().then(() => this.flush());
    });
    this.client = client;
    await this.announce();
  }

  private async announce(): Promise<void> {
    const status = {
      online: true,
      ...firmware,
      ...(this.options.loraFreq ? { loraFreq: this.options.loraFreq } : {}),
    };
    await this.client?.publishAsync(
      topics.status(this.credentials.gatewayId),
      JSON.stringify(status),
      { qos: 1, retain: true },
    );
  }

  /** Queues readings and sends whatever is queued while connected. */
  async send(readings: OutgoingReading[]): Promise<void> {
    this.buffer.push(...readings);
    await this.flush();
  }

  /** Sends the buffer in order, batch by batch; a failed batch stays at the front for the next try. */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    const batchSize = this.options.batch ?? 500;
    while (this.buffer.length > 0 && this.client?.connected) {
      const batch = this.buffer.slice(0, batchSize);
      try {
        await this.client.publishAsync(
          topics.up(this.credentials.gatewayId),
          JSON.stringify({ readings: batch }),
          { qos: 1 },
        );
        this.buffer.splice(0, batch.length);
      } catch (error) {
        this.options.log?.(
          `${this.credentials.gatewayId}: publish failed, keeping ${this.buffer.length} readings (${String(error)})`,
        );
        return;
      }
    }
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

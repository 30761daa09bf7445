import { topics, type DownMessage } from '@vigil/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';

/** Publishes one message on a topic (QoS 1): resolves once the broker has it. */
export type DownPublisher = (topic: string, payload: string) => Promise<void>;

export type Downlink = {
  /** Sends a command on the gateway's `down` topic; rejects when no broker can be reached. */
  send: (gatewayId: string, message: DownMessage) => Promise<void>;
  /** The MQTT roles of this process hand their broker or connection over once they run. */
  use: (publisher: DownPublisher | undefined) => void;
  close: () => Promise<void>;
};

export class DownlinkUnavailable extends Error {
  override name = 'DownlinkUnavailable';
}

/**
 * The platform -> gateway direction (DESIGN 5, `down`). With the embedded broker the message is
 * handed to Aedes in-process; with the ingest role on an external broker it goes out on the
 * ingest connection; an API process with MQTT_URL and no ingest role opens its own client the
 * first time it needs one. Commands are never retained: a gateway that reconnects later must not
 * install yesterday's firmware.
 */
export function createDownlink(options: { mqttUrl: string | undefined; log: Logger }): Downlink {
  let publisher: DownPublisher | undefined;
  let own: Promise<MqttClient> | undefined;

  function ownClient(url: string): Promise<MqttClient> {
    own ??= mqtt
      .connectAsync(url, {
        protocolVersion: 5,
        clientId: `vigil-downlink-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
        reconnectPeriod: 1000,
        connectTimeout: 10_000,
      })
      .then((client) => {
        client.on('error', (error) => {
          options.log.warn({ err: error.message }, 'downlink broker connection error');
        });
        return client;
      })
      .catch((error: unknown) => {
        own = undefined;
        throw new DownlinkUnavailable(`cannot connect to ${url}: ${String(error)}`);
      });
    return own;
  }

  return {
    async send(gatewayId, message) {
      const topic = topics.down(gatewayId);
      const payload = JSON.stringify(message);
      if (publisher) return publisher(topic, payload);
      if (!options.mqttUrl) throw new DownlinkUnavailable('no broker in this process');
      const client = await ownClient(options.mqttUrl);
      await client.publishAsync(topic, payload, { qos: 1, retain: false });
    },
    use(next) {
      publisher = next;
    },
    async close() {
      const client = await own?.catch(() => undefined);
      await client?.endAsync();
    },
  };
}

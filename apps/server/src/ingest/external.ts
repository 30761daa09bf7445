import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { BrokerHealth, IngestHub } from './hub.js';
import { sharedSubscriptions } from './topics.js';

export type ExternalIngest = {
  health: () => BrokerHealth;
  /** Publishes from the platform itself (the `down` commands) on the first connection. */
  publish: (topic: string, payload: string) => Promise<void>;
  /** Starts no new message; those in hand still complete and are acknowledged. */
  stopAccepting: () => void;
  close: () => Promise<void>;
};

/**
 * MQTT.js hands one message at a time to `customHandleAcks` and waits for its acknowledgement,
 * so each connection has one message in the pipeline; several connections of the same shared
 * subscription let their messages share a batch.
 */
export const defaultIngestConnections = 8;
/** Persistent sessions outlive a restart: the broker keeps unacknowledged messages meanwhile. */
const sessionExpirySeconds = 0xffffffff;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Consumes gateway messages from an external broker (Mosquitto, EMQX, HiveMQ) through the
 * shared subscriptions `$share/ingest/v1/gateways/+/{up,status,log}`, so several ingest
 * processes split the load. A message is acknowledged (PUBACK) only after it is durable;
 * one that is not is redelivered by the broker when this session comes back.
 */
export async function startExternalIngest(options: {
  url: string;
  /** Stable across restarts, so the broker hands the same sessions back. */
  clientIdBase: string;
  connections?: number;
  hub: IngestHub;
  log: Logger;
}): Promise<ExternalIngest> {
  const { hub, log } = options;
  let accepting = true;

  /** Retries until the message is handled: an unacknowledged message must not be skipped. */
  async function handle(topic: string, payload: Buffer): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await hub.pipeline.handleTopic(topic, payload);
        return true;
      } catch (error) {
        if (!accepting) return false;
        log.warn({ err: error, topic, attempt }, 'message not handled; retrying');
        await sleep(Math.min(200 * 2 ** (attempt - 1), 5000));
      }
    }
  }

  function connect(index: number): Promise<MqttClient> {
    return mqtt.connectAsync(options.url, {
      protocolVersion: 5,
      clientId: `${options.clientIdBase}-${index}`,
      clean: false,
      properties: { sessionExpiryInterval: sessionExpirySeconds },
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      customHandleAcks: (topic, message, _packet, done) => {
        // Not acknowledged: after a restart the broker delivers it again.
        if (!accepting) return;
        void handle(topic, message).then((handled) => {
          if (handled) done(0);
        });
      },
    });
  }

  const clients = await Promise.all(
    Array.from({ length: options.connections ?? defaultIngestConnections }, (_, index) =>
      connect(index),
    ),
  );
  for (const client of clients) {
    client.on('error', (error) => {
      log.warn({ err: error.message }, 'ingest broker connection error');
    });
    await client.subscribeAsync(sharedSubscriptions, { qos: 1 });
  }
  log.info({ url: options.url, connections: clients.length }, 'ingest subscribed to the broker');

  return {
    health: () => (clients.every((client) => client.connected) ? 'ok' : 'down'),
    async publish(topic, payload) {
      const [client] = clients;
      if (!client) throw new Error('no ingest connection');
      await client.publishAsync(topic, payload, { qos: 1, retain: false });
    },
    stopAccepting() {
      accepting = false;
    },
    async close() {
      accepting = false;
      await Promise.all(clients.map((client) => client.endAsync()));
    },
  };
}

import type { Logger } from 'pino';
import type { BrokerHealth, IngestHub } from './hub.js';
import { MqttConsumer } from './mqtt-consumer.js';
import { sharedSubscriptions } from './topics.js';

export type ExternalIngest = {
  health: () => BrokerHealth;
  /**
   * Hands this process's share to the other ingest processes: takes no new message, finishes
   * and acknowledges those it holds, and ends its sessions (see MqttConsumer.handOver).
   */
  stopAccepting: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Messages a connection has in flight. They join the same batches, so one commit acknowledges
 * many (bench:cluster, bench/README.md). A connection stores at most this many messages per
 * round trip of lookup, batch, commit and acknowledgement (acknowledged in order): a fleet that
 * sends one reading per message needs a wide window. With 1,000, bench:load (100,000 devices
 * once a minute, 1,667 messages/s) stored 700–750/s once a round trip took 1.4–1.7 s on a loaded
 * machine; the consumer holds no more than this (mqtt-consumer.ts), about 10–15 KB each.
 */
export const defaultReceiveMaximum = 10_000;
/** How long a stopping process may take to finish what the broker gave it. */
const handOverMs = 8000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Consumes gateway messages from an external broker (Mosquitto, EMQX, HiveMQ) through the
 * shared subscriptions `$share/{group}/v1/gateways/+/{up,status,log}`, so several ingest
 * processes split the load. A message is acknowledged (PUBACK) only after it is durable; one
 * that is not is redelivered when this session (the same client id) comes back, or, once the
 * session has expired, never: an ingest process that crashed must be restarted within
 * MQTT_SESSION_EXPIRY_S.
 */
export async function startExternalIngest(options: {
  url: string;
  /** Stable across restarts of this process, distinct from every other ingest process. */
  clientId: string;
  sessionExpirySeconds: number;
  shareGroup: string;
  connections?: number;
  receiveMaximum?: number;
  hub: IngestHub;
  log: Logger;
}): Promise<ExternalIngest> {
  const { hub, log } = options;
  let aborted = false;

  /** Retries until the message is handled: an unacknowledged message must not be skipped. */
  async function handle(topic: string, payload: Buffer): Promise<void> {
    for (let attempt = 1; !aborted; attempt += 1) {
      try {
        await hub.pipeline.handleTopic(topic, payload);
        return;
      } catch (error) {
        log.warn({ err: error, topic, attempt }, 'message not handled; retrying');
        await sleep(Math.min(200 * 2 ** (attempt - 1), 5000));
      }
    }
    // Aborted: never resolves, so never acknowledged; the broker delivers it again.
    await new Promise(() => undefined);
  }

  const count = options.connections ?? 1;
  const consumers = Array.from(
    { length: count },
    (_, index) =>
      new MqttConsumer({
        url: options.url,
        clientId: count === 1 ? options.clientId : `${options.clientId}-${String(index)}`,
        sessionExpirySeconds: options.sessionExpirySeconds,
        subscriptions: sharedSubscriptions(options.shareGroup),
        receiveMaximum: options.receiveMaximum ?? defaultReceiveMaximum,
        onMessage: handle,
        log,
      }),
  );
  try {
    await Promise.all(consumers.map((consumer) => consumer.ready));
  } catch (error) {
    for (const consumer of consumers) consumer.abort();
    throw error;
  }
  log.info(
    { clientId: options.clientId, group: options.shareGroup, connections: count },
    'ingest subscribed to the broker',
  );

  return {
    health: () => (consumers.every((consumer) => consumer.connected()) ? 'ok' : 'down'),
    async stopAccepting() {
      await Promise.all(consumers.map((consumer) => consumer.handOver(handOverMs)));
    },
    close() {
      aborted = true;
      for (const consumer of consumers) consumer.abort();
      return Promise.resolve();
    },
  };
}

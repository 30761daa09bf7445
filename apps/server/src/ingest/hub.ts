import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import {
  createBrokerAccounts,
  type BrokerAccountRows,
  type BrokerAccounts,
} from '../broker-auth/index.js';
import type { CoreContext } from '../core-context.js';
import { createDirectory, type Directory } from './directory.js';
import { createDownlink, type Downlink } from './downlink.js';
import type { IngestEvents } from './events.js';
import { createGatewayState, type GatewayState } from './gateway-state.js';
import type { IngestMetrics } from './metrics.js';
import { createPipeline, type Pipeline } from './pipeline.js';
import type { FollowUpQueue, GatewayLogSink, OtaReports, ReadingsWriter } from './ports.js';

export type BrokerHealth = 'ok' | 'down' | 'n/a';

/** What the domains supply to the ingest path (ports.ts), built by the composition root. */
export type IngestParts = {
  events: IngestEvents;
  /** Holds the `vigil_ingest_*` metrics; `/metrics` serves it with the app's own. */
  registry: Registry;
  metrics: IngestMetrics;
  /** Stores readings in batches; what it stored is followed up by `followUp`. */
  writer: ReadingsWriter;
  /** Rollups, device state, door events and alarms of stored readings, after the acknowledgement. */
  followUp: FollowUpQueue;
  logs: GatewayLogSink;
  /** Applies gateways' reports on firmware updates. */
  ota: OtaReports;
  /** The gateways' broker accounts (MQTT_AUTH=dynsec keeps the broker in step with them). */
  brokerAccountRows: BrokerAccountRows;
};

/** Everything of the ingest path one runtime shares: the HTTP route, the broker and the worker. */
export type IngestHub = Omit<IngestParts, 'ota' | 'brokerAccountRows'> & {
  directory: Directory;
  state: GatewayState;
  pipeline: Pipeline;
  /** Commands to gateways on their `down` topic (firmware updates, LoRa frequency). */
  downlink: Downlink;
  /** Gateway accounts on an external broker (MQTT_AUTH=dynsec), told of each change. */
  brokerAccounts: BrokerAccounts;
  /** The embedded broker's or the external connection's state, for /healthz. */
  brokerHealth: () => BrokerHealth;
  setBrokerHealth: (probe: () => BrokerHealth) => void;
};

/**
 * Builds the ingest path of a process around the parts the domains supply (`parts`, joined by
 * the composition root: ingest-path.ts). `events` are shared with the realtime side.
 */
export function createIngestHub(ctx: CoreContext, log: Logger, parts: IngestParts): IngestHub {
  const { db, config } = ctx;
  const { events, metrics, logs } = parts;
  const directory = createDirectory(db);
  const state = createGatewayState({ db, logs, events, log, ota: parts.ota });
  const downlink = createDownlink({ mqttUrl: config.mqttUrl, log });
  const pipeline = createPipeline({
    directory,
    writer: parts.writer,
    logs,
    state,
    metrics,
    log,
    retentionMs: config.rawRetentionDays * 86_400_000,
  });
  let probe: () => BrokerHealth = () => 'n/a';
  return {
    events,
    registry: parts.registry,
    metrics,
    directory,
    writer: parts.writer,
    logs,
    state,
    followUp: parts.followUp,
    pipeline,
    downlink,
    brokerAccounts: createBrokerAccounts(parts.brokerAccountRows),
    brokerHealth: () => probe(),
    setBrokerHealth(next) {
      probe = next;
    },
  };
}

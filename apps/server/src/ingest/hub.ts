import type { Logger } from 'pino';
import { Registry } from 'prom-client';
import { createBrokerAccounts, type BrokerAccounts } from '../broker-auth/index.js';
import type { CoreContext } from '../core-context.js';
import {
  createAlarmDefinitions,
  createAlarmEngine,
  type AlarmDefinitions,
  type AlarmEngine,
  type Announce,
} from '../modules/alarms/index.js';
import { createDoorTracker, type DoorTracker } from '../modules/doors/tracker.js';
import { createGatewayLogWriter, type GatewayLogWriter } from '../modules/gateway-logs/writer.js';
import { createBatchWriter, type BatchWriter, type Committed } from '../modules/readings/writer.js';
import { readingColumns } from './columns.js';
import { createDirectory, type Directory } from './directory.js';
import { createDownlink, type Downlink } from './downlink.js';
import type { IngestEvents, LiveReading } from './events.js';
import { createFollowUp, type FollowUp } from './follow-up.js';
import { createGatewayState, type GatewayState } from './gateway-state.js';
import { createIngestMetrics, type IngestMetrics } from './metrics.js';
import { createPipeline, type Pipeline } from './pipeline.js';

export type BrokerHealth = 'ok' | 'down' | 'n/a';

/** Everything of the ingest path one runtime shares: the HTTP route, the broker and the worker. */
export type IngestHub = {
  events: IngestEvents;
  /** Holds the `vigil_ingest_*` metrics; `/metrics` serves it with the app's own. */
  registry: Registry;
  metrics: IngestMetrics;
  directory: Directory;
  writer: BatchWriter;
  /** Door openings from the readings `writer` stored. */
  doors: DoorTracker;
  logs: GatewayLogWriter;
  state: GatewayState;
  /** The alarm engine: evaluates stored readings in the follow-up. */
  alarms: AlarmEngine;
  /** The enabled alarms the engine evaluates, cached; changes invalidate them. */
  definitions: AlarmDefinitions;
  /** Rollups, device state, door events and alarms of stored readings, after the acknowledgement. */
  followUp: FollowUp;
  pipeline: Pipeline;
  /** Commands to gateways on their `down` topic (firmware updates, LoRa frequency). */
  downlink: Downlink;
  /** Gateway accounts on an external broker (MQTT_AUTH=dynsec), told of each change. */
  brokerAccounts: BrokerAccounts;
  /** The embedded broker's or the external connection's state, for /healthz. */
  brokerHealth: () => BrokerHealth;
  setBrokerHealth: (probe: () => BrokerHealth) => void;
};

function liveReadings(committed: Committed): LiveReading[] {
  return committed.readings.map((row) => {
    const reading: Record<string, unknown> = { createdAt: new Date(row.tsMs).toISOString() };
    readingColumns.forEach((column, index) => {
      reading[column.field] = row.values[index] ?? null;
    });
    reading.backfilled = committed.isBackfilled(row);
    return {
      id: row.deviceUuid,
      accountId: row.accountId,
      deviceId: row.deviceKey,
      reading: reading as LiveReading['reading'],
    };
  });
}

/**
 * Builds the ingest path of a process. `events` are shared with the realtime side, which is built
 * first; `announce` tells browsers of alarms the engine raises or clears.
 */
export function createIngestHub(
  ctx: CoreContext,
  log: Logger,
  owner: string,
  deps: { events: IngestEvents; announce: Announce },
): IngestHub {
  const { db, config } = ctx;
  const { events } = deps;
  const registry = new Registry();
  const metrics = createIngestMetrics(
    registry,
    () => writer.pending(),
    () => followUp.pending(),
  );
  const logs = createGatewayLogWriter({
    db,
    log,
    flushMs: config.ingestFlushMs,
    onDropped: (count) => {
      metrics.logLinesDropped.inc(count);
    },
  });
  // PGlite has one connection: one lane for writes and alarm evaluation alike.
  const lanes = ctx.database.kind === 'pglite' ? 1 : 3;
  const writer = createBatchWriter({
    db,
    batchSize: config.ingestBatchSize,
    flushMs: config.ingestFlushMs,
    // PGlite has one connection. On PostgreSQL, lanes of devices write side by side; measured
    // with bench:ingest on 2 cores: 1 lane 30k, 2 lanes 36k, 3 lanes 39k, 4 lanes 37k readings/s.
    concurrency: lanes,
    log,
    owner,
    admit: () => followUp.admit(),
    onCommitted(committed, seconds) {
      metrics.batchSeconds.observe(seconds);
      metrics.stageSeconds.observe({ stage: 'write' }, seconds);
      metrics.batchReadings.observe(committed.readings.length);
      // Live views see a reading as soon as it is durable, before its follow-up.
      if (committed.readings.length > 0 && events.listenerCount('readings') > 0) {
        events.emit('readings', liveReadings(committed));
      }
      followUp.push(committed);
    },
    onRetry: () => {
      metrics.writeRetries.inc();
    },
  });
  const doors = createDoorTracker({ db, events, log });
  const directory = createDirectory(db);
  const state = createGatewayState({ db, logs, events, log });
  const downlink = createDownlink({ mqttUrl: config.mqttUrl, log });
  const definitions = createAlarmDefinitions(db);
  const alarms = createAlarmEngine({
    db,
    definitions,
    announce: deps.announce,
    jobsEnqueued: () => {
      ctx.jobsEnqueued();
    },
    log,
    lanes,
  });
  const followUp = createFollowUp({ db, owner, doors, alarms, events, metrics, log });
  const pipeline = createPipeline({
    directory,
    writer,
    logs,
    state,
    metrics,
    log,
    retentionMs: config.rawRetentionDays * 86_400_000,
  });
  let probe: () => BrokerHealth = () => 'n/a';
  return {
    events,
    registry,
    metrics,
    directory,
    writer,
    doors,
    logs,
    state,
    alarms,
    definitions,
    followUp,
    pipeline,
    downlink,
    brokerAccounts: createBrokerAccounts(),
    brokerHealth: () => probe(),
    setBrokerHealth(next) {
      probe = next;
    },
  };
}

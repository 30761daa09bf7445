import type { Logger } from 'pino';
import { Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import { createDoorTracker, type DoorTracker } from '../modules/doors/tracker.js';
import { createGatewayLogWriter, type GatewayLogWriter } from '../modules/gateway-logs/writer.js';
import { createBatchWriter, type BatchWriter, type Committed } from '../modules/readings/writer.js';
import { readingColumns } from './columns.js';
import { createDirectory, type Directory } from './directory.js';
import { IngestEvents, type LiveReading } from './events.js';
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
  pipeline: Pipeline;
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

export function createIngestHub(ctx: AppContext, log: Logger): IngestHub {
  const { db, config } = ctx;
  const events = new IngestEvents();
  const registry = new Registry();
  const metrics = createIngestMetrics(registry, () => writer.pending());
  const logs = createGatewayLogWriter({
    db,
    log,
    flushMs: config.ingestFlushMs,
    onDropped: (count) => {
      metrics.logLinesDropped.inc(count);
    },
  });
  const writer = createBatchWriter({
    db,
    batchSize: config.ingestBatchSize,
    flushMs: config.ingestFlushMs,
    // PGlite has one connection. On PostgreSQL, lanes of devices write side by side; measured
    // with bench:ingest on 2 cores: 1 lane 30k, 2 lanes 36k, 3 lanes 39k, 4 lanes 37k readings/s.
    concurrency: ctx.database.kind === 'pglite' ? 1 : 3,
    log,
    onCommitted(committed, seconds) {
      metrics.batchSeconds.observe(seconds);
      metrics.batchReadings.observe(committed.readings.length);
      if (committed.readings.length > 0 && events.listenerCount('readings') > 0) {
        events.emit('readings', liveReadings(committed));
      }
      for (const device of committed.devices) {
        if (device.status === device.previousStatus) continue;
        events.emit('deviceStatus', {
          id: device.id,
          accountId: device.accountId,
          deviceId: device.deviceId,
          status: device.status,
          lastSeenAt: device.lastSeenAt.toISOString(),
        });
      }
    },
    onRetry: () => {
      metrics.writeRetries.inc();
    },
  });
  const doors = createDoorTracker({ db, events, log });
  const directory = createDirectory(db);
  const state = createGatewayState({ db, logs, events, log });
  const pipeline = createPipeline({ directory, writer, doors, logs, state, metrics, log });
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
    pipeline,
    brokerHealth: () => probe(),
    setBrokerHealth(next) {
      probe = next;
    },
  };
}

const hubs = new WeakMap<AppContext, IngestHub>();

/** Makes the runtime's hub reachable from the HTTP routes built on the same context. */
export function attachIngestHub(ctx: AppContext, hub: IngestHub): void {
  hubs.set(ctx, hub);
}

export function ingestHubOf(ctx: AppContext): IngestHub {
  const hub = hubs.get(ctx);
  if (!hub) throw new Error('no ingest hub on this context: build it with createRuntime');
  return hub;
}

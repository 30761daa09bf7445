import type { Logger } from 'pino';
import { Registry } from 'prom-client';
import type { CoreContext } from './core-context.js';
import type { IngestEvents } from './ingest/events.js';
import { createIngestHub, type IngestHub } from './ingest/hub.js';
import { createIngestMetrics } from './ingest/metrics.js';
import {
  createAlarmDefinitions,
  createAlarmEngine,
  type AlarmDefinitions,
  type AlarmEngine,
  type Announce,
} from './modules/alarms/index.js';
import { createDoorTracker, type DoorTracker } from './modules/doors/index.js';
import { applyOtaReport } from './modules/firmware/index.js';
import { createGatewayLogWriter } from './modules/gateway-logs/index.js';
import { brokerAccountRows } from './modules/gateways/index.js';
import { createReadingsIngest } from './modules/readings/index.js';

/** The alarm engine that evaluates stored readings and the enabled alarms it caches. */
export type AlarmEvaluation = {
  engine: AlarmEngine;
  /** The enabled alarms the engine evaluates, cached; changes invalidate them. */
  definitions: AlarmDefinitions;
};

/** The ingest path of a process with the domain parts it was joined from. */
export type IngestPath = {
  hub: IngestHub;
  alarms: AlarmEvaluation;
  /** Door openings from the readings the writer stored (the follow-up tracks them). */
  doors: DoorTracker;
};

/**
 * Part of the composition root (runtime.ts): joins the ingest infrastructure (ingest/hub.ts) to
 * the parts the domains supply — the readings' batch writer and follow-up, the door tracker,
 * the alarm engine, the gateway-log writer and the firmware module's OTA reports. `events` are
 * shared with the realtime side, which is built first; `announce` tells browsers of alarms the
 * engine raises or clears.
 */
export function createIngestPath(
  core: CoreContext,
  log: Logger,
  owner: string,
  deps: { events: IngestEvents; announce: Announce },
): IngestPath {
  const { db, config } = core;
  const { events } = deps;
  const registry = new Registry();
  const metrics = createIngestMetrics(
    registry,
    () => readings.writer.pending(),
    () => readings.followUp.pending(),
  );
  const logs = createGatewayLogWriter({
    db,
    log,
    flushMs: config.ingestFlushMs,
    onDropped: (count) => {
      metrics.logLinesDropped.inc(count);
    },
  });
  const pglite = core.database.kind === 'pglite';
  // PGlite has one connection, which runs one statement at a time: one lane of alarm evaluation,
  // and two of writes, so that the next batch's statement already waits at the database while
  // one runs (writer.ts `concurrency`).
  const alarmLanes = pglite ? 1 : 3;
  const writeLanes = pglite ? 2 : 3;
  const doors = createDoorTracker({ db, events, log });
  const definitions = createAlarmDefinitions(db);
  const engine = createAlarmEngine({
    db,
    definitions,
    announce: deps.announce,
    jobsEnqueued: () => {
      core.jobsEnqueued();
    },
    log,
    lanes: alarmLanes,
  });
  const readings = createReadingsIngest({
    db,
    log,
    owner,
    batchSize: config.ingestBatchSize,
    flushMs: config.ingestFlushMs,
    lanes: writeLanes,
    events,
    metrics,
    doors,
    alarms: engine,
  });
  const hub = createIngestHub(core, log, {
    events,
    registry,
    metrics,
    ...readings,
    logs,
    ota: (gateway, ota) => applyOtaReport(db, gateway, ota),
    brokerAccountRows,
  });
  return { hub, alarms: { engine, definitions }, doors };
}

import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { readingColumns } from '../../ingest/columns.js';
import type { IngestEvents, LiveReading } from '../../ingest/events.js';
import type { IngestMetrics } from '../../ingest/metrics.js';
import type { Committed } from '../../ingest/ports.js';
import {
  createFollowUp,
  type FollowUp,
  type FollowUpAlarms,
  type FollowUpDoors,
} from './follow-up.js';
import { createBatchWriter, type BatchWriter } from './writer.js';

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

/** The readings' part of the ingest path: the batch writer and the follow-up of what it stored. */
export type ReadingsIngest = { writer: BatchWriter; followUp: FollowUp };

/**
 * The batch writer, feeding each commit to the live views (`readings` events, as soon as it is
 * durable) and to the follow-up (state, rollups, door events and alarms after the
 * acknowledgement), which holds new batches back while it is too far behind.
 */
export function createReadingsIngest(deps: {
  db: Db;
  log: Logger;
  /** This ingest instance (names the follow-up rows). */
  owner: string;
  batchSize: number;
  flushMs: number;
  /** Batches written (and alarm batches evaluated) side by side: 1 on PGlite. */
  lanes: number;
  events: IngestEvents;
  metrics: IngestMetrics;
  doors: FollowUpDoors;
  alarms: FollowUpAlarms;
}): ReadingsIngest {
  const { db, log, owner, events, metrics } = deps;
  const writer = createBatchWriter({
    db,
    batchSize: deps.batchSize,
    flushMs: deps.flushMs,
    // PGlite has one connection. On PostgreSQL, lanes of devices write side by side; measured
    // with bench:ingest on 2 cores: 1 lane 30k, 2 lanes 36k, 3 lanes 39k, 4 lanes 37k readings/s.
    concurrency: deps.lanes,
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
  const followUp = createFollowUp({
    db,
    owner,
    doors: deps.doors,
    alarms: deps.alarms,
    events,
    metrics,
    log,
  });
  return { writer, followUp };
}

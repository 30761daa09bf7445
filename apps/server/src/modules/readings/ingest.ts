import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { Reading } from '@vigil/contracts';
import { columnIndex as at, type SensorValues } from '../../ingest/columns.js';
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

/**
 * A reading as live views get it, written out as one object literal (in the columns' order):
 * every reading has the same shape from the start, which makes it several times cheaper to build
 * and to encode than one filled in field by field (bench:live sends ~20,000 a second).
 */
function liveReading(values: SensorValues, tsMs: number, backfilled: boolean): Reading {
  return {
    createdAt: new Date(tsMs).toISOString(),
    Node_Type: values[at.Node_Type] ?? null,
    t: values[at.t] ?? null,
    h: values[at.h] ?? null,
    c: values[at.c] ?? null,
    b: values[at.b] ?? null,
    m: values[at.m] ?? null,
    d: values[at.d] ?? null,
    w: values[at.w] ?? null,
    thermo: values[at.thermo] ?? null,
    sht_t: values[at.sht_t] ?? null,
    sht_rh: values[at.sht_rh] ?? null,
    sht_1_t: values[at.sht_1_t] ?? null,
    sht_1_rh: values[at.sht_1_rh] ?? null,
    CO2_s: values[at.CO2_s] ?? null,
    BV: values[at.BV] ?? null,
    water_s: values[at.water_s] ?? null,
    ln2lvl: values[at.ln2lvl] ?? null,
    pressure: values[at.pressure] ?? null,
    light_s: values[at.light_s] ?? null,
    backfilled,
  };
}

export function liveReadings(committed: Committed): LiveReading[] {
  return committed.readings.map((row) => ({
    id: row.deviceUuid,
    accountId: row.accountId,
    deviceId: row.deviceKey,
    reading: liveReading(row.values, row.tsMs, committed.isBackfilled(row)),
  }));
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
  /** Batches written side by side (writer.ts `concurrency`). */
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
    // On PostgreSQL, lanes of devices write side by side; measured with bench:ingest on 2 cores:
    // 1 lane 30k, 2 lanes 36k, 3 lanes 39k, 4 lanes 37k readings/s. On PGlite (one connection)
    // two lanes take turns, see writer.ts.
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

import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export type Transport = 'mqtt' | 'http';
export type IngestMetrics = ReturnType<typeof createIngestMetrics>;

/** What arrives: messages, refusals and readings, by transport. */
function trafficMetrics(registers: Registry[]) {
  return {
    messages: new Counter({
      name: 'vigil_ingest_messages_total',
      help: 'Gateway messages handled, by transport, kind (up, status, log) and outcome',
      labelNames: ['transport', 'kind', 'outcome'] as const,
      registers,
    }),
    rejected: new Counter({
      name: 'vigil_ingest_rejected_messages_total',
      help: 'Messages refused as malformed or not allowed, by transport and reason',
      labelNames: ['transport', 'reason'] as const,
      registers,
    }),
    readings: new Counter({
      name: 'vigil_ingest_readings_total',
      help: 'Readings received, by outcome: inserted, duplicate or unknown_device',
      labelNames: ['transport', 'outcome'] as const,
      registers,
    }),
  };
}

/** How long batches and stages take, and how large batches are. */
function timingMetrics(registers: Registry[]) {
  return {
    batchSeconds: new Histogram({
      name: 'vigil_ingest_batch_seconds',
      help: 'Time to write one batch (readings, rollups, device state), retries included',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    batchReadings: new Histogram({
      name: 'vigil_ingest_batch_readings',
      help: 'Readings stored per batch',
      buckets: [1, 10, 50, 100, 250, 500, 1000, 2000, 5000, 10000],
      registers,
    }),
    stageSeconds: new Histogram({
      name: 'vigil_ingest_stage_seconds',
      help: 'Time spent per stage: decode (per message), write (per batch, until durable), the follow-up of committed readings: state, doors, alarms, rollups (appending its rollup deltas; per round), and rollups-apply (the rollup writer adding pending deltas to every level)',
      labelNames: ['stage'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
  };
}

/** Work retried or dropped. */
function failureMetrics(registers: Registry[]) {
  return {
    followUpRetries: new Counter({
      name: 'vigil_ingest_follow_up_retries_total',
      help: 'Follow-up rounds (state, doors, alarms, rollups of stored readings) that failed and were retried',
      registers,
    }),
    writeRetries: new Counter({
      name: 'vigil_ingest_write_retries_total',
      help: 'Batch writes that failed and were retried (database unavailable, deadlock)',
      registers,
    }),
    logLinesDropped: new Counter({
      name: 'vigil_ingest_log_lines_dropped_total',
      help: 'Gateway log lines not written because the log queue was full',
      registers,
    }),
  };
}

/** What is connected or waiting now, read when `/metrics` is scraped. */
function gaugeMetrics(registers: Registry[], pending: () => number, followUpPending: () => number) {
  return {
    brokerClients: new Gauge({
      name: 'vigil_ingest_broker_clients',
      help: 'Gateways connected to the embedded broker',
      registers,
    }),
    pending: new Gauge({
      name: 'vigil_ingest_pending_readings',
      help: 'Readings waiting for their batch or being written',
      registers,
      collect() {
        this.set(pending());
      },
    }),
    followUpPending: new Gauge({
      name: 'vigil_ingest_follow_up_pending_readings',
      help: 'Stored readings whose rollups, state, door events and alarms are still to be applied',
      registers,
      collect() {
        this.set(followUpPending());
      },
    }),
  };
}

/** The pipeline's Prometheus metrics (`vigil_ingest_*`), on the registry `/metrics` serves. */
export function createIngestMetrics(
  registry: Registry,
  pending: () => number,
  followUpPending: () => number = () => 0,
) {
  const registers = [registry];
  // Registered in this order, which is the order `/metrics` lists them in.
  return {
    ...trafficMetrics(registers),
    ...timingMetrics(registers),
    ...failureMetrics(registers),
    ...gaugeMetrics(registers, pending, followUpPending),
  };
}

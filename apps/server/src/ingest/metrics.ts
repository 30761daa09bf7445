import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export type Transport = 'mqtt' | 'http';
export type IngestMetrics = ReturnType<typeof createIngestMetrics>;

/** The pipeline's Prometheus metrics (`vigil_ingest_*`), on the registry `/metrics` serves. */
export function createIngestMetrics(registry: Registry, pending: () => number) {
  const registers = [registry];
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
  };
}

/**
 * Durable ingest throughput of a running topology (bench:cluster, and bench:load's ceiling):
 * gateways publish a fixed set of readings over QoS 1, many messages in flight, devices
 * interleaved, from a child process of their own (ingest-publisher.ts); timed from the first
 * publish until the database holds every one of them, then checked: exactly that many more
 * rows, all distinct.
 */
import { loadavg } from 'node:os';
import {
  readingCount,
  storedCounts,
  type BenchGateway,
  type freshDatabase,
} from './cluster-topology.js';
import { runPublisher } from './ingest-publisher.js';
import type { Usage } from './proc-usage.js';

export type ThroughputShape = {
  readings: number;
  readingsPerMessage: number;
  /** Messages in flight per gateway. */
  window: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => loadavg().map((value) => Number(value.toFixed(2)));

/**
 * From the first publish until the database holds every reading; then exactly those more.
 * Readings are stamped from six hours ago, one second apart per device round, so that they meet
 * no reading of a live load stamped with the clock. Fails once `timeoutSeconds` have passed.
 */
export async function throughput(
  url: string,
  gateways: BenchGateway[],
  database: Awaited<ReturnType<typeof freshDatabase>>,
  shape: ThroughputShape,
  timeoutSeconds = Infinity,
  usage?: {
    /** Told the publisher's process id as it starts (to count its CPU). */
    publisher?: (pid: number | undefined) => void;
    /** CPU and memory per process since the previous call: at the start and at the end. */
    sample: () => Promise<Record<string, Usage>>;
  },
) {
  const messagesPerGateway = Math.ceil(shape.readings / gateways.length / shape.readingsPerMessage);
  const total = messagesPerGateway * gateways.length * shape.readingsPerMessage;
  const before = await readingCount(database.database);
  const loadBefore = load();
  let started = performance.now();
  const publishing = runPublisher(
    {
      url,
      gateways,
      messagesPerGateway,
      readingsPerMessage: shape.readingsPerMessage,
      window: shape.window,
      startMs: Date.now() - 6 * 3_600_000,
    },
    (pid) => {
      started = performance.now();
      usage?.publisher?.(pid);
      void usage?.sample();
    },
  );
  const deadline = performance.now() + timeoutSeconds * 1000;
  let stored = before;
  while (stored < before + total) {
    if (performance.now() > deadline) {
      throw new Error(
        `${String(stored - before)} of ${String(total)} readings stored after ${String(timeoutSeconds)} s`,
      );
    }
    await sleep(200);
    stored = await readingCount(database.database);
  }
  const seconds = (performance.now() - started) / 1000;
  const cores = await usage?.sample();
  const acknowledged = await publishing;
  // The publisher has exited by the last sample, which cannot see it: its own count instead.
  if (cores?.publisher) {
    cores.publisher.cores = Number((acknowledged.cpuSeconds / seconds).toFixed(2));
  }
  const counts = await storedCounts(database.database);
  if (counts.readings !== before + total || counts.distinct !== counts.readings) {
    throw new Error(
      `expected ${String(before + total)} readings, stored ${JSON.stringify(counts)}`,
    );
  }
  return {
    readings: total,
    seconds: Number(seconds.toFixed(2)),
    readingsPerSecond: Math.round(total / seconds),
    brokerAcknowledgedSeconds: Number(acknowledged.seconds.toFixed(2)),
    verified: counts,
    ...(cores ? { cores } : {}),
    loadavg: { before: loadBefore, after: load() },
  };
}

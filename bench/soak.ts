/**
 * `npm run bench:soak`: the embedded server (PGlite, embedded broker, every role) with the demo
 * and its gateways, plus BENCH_DEVICES (100) more devices sending BENCH_RATE readings/s (1,000)
 * through the broker, for BENCH_MINUTES (60). Every minute it prints and keeps the process's RSS
 * and heap, the data directory's size (and of it PGlite's WAL), the readings stored that minute
 * and the follow-up still pending. The server runs in this process (the publishers in a child
 * process), so the RSS is the server's plus this small harness. It ends with the stored rate
 * against the offered one (the ceiling: nothing is lost or left behind), and how RSS and the
 * data directory grew per hour.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.js';
import { createRuntime, type Runtime } from '../apps/server/src/runtime.js';
import { startDemoGateways } from '../apps/server/src/seed/demo-gateways.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { insertLoadGateway } from './bench-database.js';
import { forkPacedPublisher, type PacedGateway } from './live-publisher.js';
import { writeResults } from './results-file.js';

const settings = {
  minutes: Number(process.env.BENCH_MINUTES ?? 60),
  rate: Number(process.env.BENCH_RATE ?? 1000),
  devices: Number(process.env.BENCH_DEVICES ?? 100),
  sampleSeconds: Number(process.env.BENCH_SAMPLE_SECONDS ?? 60),
};

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

async function sizeOf(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const entry of await readdir(path)) total += await sizeOf(join(path, entry));
  return total;
}

/** A gateway of the demo account with `settings.devices` devices, for the load. */
async function seedLoad(runtime: Runtime): Promise<PacedGateway> {
  const account = await runtime.ctx.db.query.accounts.findFirst();
  if (!account) throw new Error('no demo account');
  return insertLoadGateway(runtime.ctx.db, account.id, settings.devices, 'soak');
}

async function storedReadings(runtime: Runtime): Promise<number> {
  const metrics = await runtime.ingest.registry.getMetricsAsJSON();
  const readings = metrics.find((metric) => metric.name === 'vigil_ingest_readings_total');
  return (readings?.values ?? [])
    .filter((value) => value.labels.outcome === 'inserted')
    .reduce((sum, value) => sum + value.value, 0);
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-soak-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: hex(32),
    HOST: '127.0.0.1',
    PORT: '0',
    MQTT_PORT: '0',
    DEMO: '1',
    WEB_DIR: '',
  });
  const logger = pino({ level: 'warn' });
  const runtime = await createRuntime(config, logger);
  await seedDemo(runtime.ctx.db, { inventory: true });
  await runtime.listen();
  const stopDemo = new AbortController();
  const demo = await startDemoGateways({
    db: runtime.ctx.db,
    config,
    brokerUrl: runtime.mqttUrl ?? '',
    sealer: runtime.ctx.gatewaySecrets,
    brokerAccounts: runtime.ingest.brokerAccounts,
    log: logger,
    signal: stopDemo.signal,
  });
  const load = forkPacedPublisher({
    url: runtime.mqttUrl ?? '',
    gateways: [await seedLoad(runtime)],
    rate: settings.rate,
    batch: 10,
    window: 16,
    durationSeconds: settings.minutes * 60,
  });
  process.stdout.write(
    `soak: embedded server, demo + ${String(settings.devices)} devices at ${String(settings.rate)} readings/s for ${String(settings.minutes)} min\n`,
  );
  const samples = [];
  const initial = await storedReadings(runtime);
  let previous = initial;
  for (let minute = 1; minute <= settings.minutes; minute += 1) {
    await new Promise((resolve) => setTimeout(resolve, settings.sampleSeconds * 1000));
    const stored = await storedReadings(runtime);
    const memory = process.memoryUsage();
    const sample = {
      minute,
      rssMb: mb(memory.rss),
      heapMb: mb(memory.heapUsed),
      dataDirMb: mb(await sizeOf(dataDir)),
      walMb: mb(await sizeOf(join(dataDir, 'pglite', 'pg_wal'))),
      storedPerSecond: Math.round((stored - previous) / settings.sampleSeconds),
      followUpPending: runtime.ingest.followUp.pending(),
      load: Number(loadavg()[0]?.toFixed(2)),
    };
    previous = stored;
    samples.push(sample);
    process.stdout.write(
      `  ${String(minute).padStart(3)} min: RSS ${String(sample.rssMb)} MB (heap ${String(sample.heapMb)}), data dir ${String(sample.dataDirMb)} MB (WAL ${String(sample.walMb)}), ${String(sample.storedPerSecond)} readings/s stored, ${String(sample.followUpPending)} awaiting follow-up, load ${String(sample.load)}\n`,
    );
  }
  const published = await load.done;
  stopDemo.abort();
  await demo?.stop();
  await runtime.close();
  await rm(dataDir, { recursive: true, force: true });

  const first = samples[0];
  const last = samples.at(-1);
  const hours = Math.max(1 / 60, (samples.length - 1) / 60);
  const result = {
    offeredPerSecond: Math.round(published.readingsPerSecond),
    storedPerSecond: Math.round((previous - initial) / (samples.length * settings.sampleSeconds)),
    rssGrowthMbPerHour: first && last ? Math.round((last.rssMb - first.rssMb) / hours) : 0,
    dataDirGrowthMbPerHour:
      first && last ? Math.round((last.dataDirMb - first.dataDirMb) / hours) : 0,
    samples,
  };
  const ratio = result.storedPerSecond / Math.max(1, settings.rate);
  process.stdout.write(
    [
      `  offered ${String(result.offeredPerSecond)} readings/s, stored ${String(result.storedPerSecond)}/s: ratio ${ratio.toFixed(3)} to the rate offered`,
      `  RSS ${String(first?.rssMb)} -> ${String(last?.rssMb)} MB (${String(result.rssGrowthMbPerHour)} MB/h); data dir ${String(first?.dataDirMb)} -> ${String(last?.dataDirMb)} MB (${String(result.dataDirGrowthMbPerHour)} MB/h), WAL at the end ${String(last?.walMb)} MB`,
      '',
    ].join('\n'),
  );
  await writeResults('soak', { settings, result, ratioStoredToOffered: Number(ratio.toFixed(3)) });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);

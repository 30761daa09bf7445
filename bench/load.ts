/**
 * `npm run bench:load`: the simulator as BENCH_DEVICES (100,000) devices reporting once every
 * BENCH_REPORT_SECONDS (60), each at its own moment of the minute, through BENCH_GATEWAYS (200)
 * gateways of BENCH_ACCOUNTS (100) accounts (QoS 1, up to BENCH_WINDOW messages in flight per
 * gateway), for BENCH_MINUTES (15), into the scale-out topology (cluster-topology.ts: Mosquitto
 * with the dynamic security plugin, api ×2, ingest, worker, on PostgreSQL and Redis). Then:
 *  - every reading stored: once the publisher has stopped, it waits until the database holds
 *    all it offered (or BENCH_DRAIN_SECONDS pass) and checks the count, every (device, time)
 *    distinct, the shortfall, and that each device was seen;
 *  - publish -> browser liveData for BENCH_PROBES devices (load-probes.ts), every one of their
 *    readings, on sockets spread over both api processes, against the bare Mosquitto ->
 *    subscriber latency of the same readings (the floor of any path through the broker);
 *  - every minute, CPU (cores) and memory of each process: api ×2, ingest, worker, Mosquitto,
 *    the PostgreSQL backends of the bench's database, and the publisher and probes;
 *  - the ceiling: once the load has drained, the same topology flat out over the same devices
 *    in the same message shape (BENCH_CEILING_READINGS, cluster-throughput.ts): the offered
 *    rate as a share of it.
 * Needs DATABASE_URL (an admin URL: a fresh database is made and dropped) and REDIS_URL (default
 * redis://127.0.0.1:6379); uses the built server bundle.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { createSecretSealer } from '../apps/server/src/lib/sealed.js';
import { queryRows } from '../apps/server/src/db/query.js';
import { startDynsecMosquitto } from '../apps/server/test/helpers/mosquitto.js';
import type { LoadResult } from '../apps/simulator/src/load.js';
import { throughput } from './cluster-throughput.js';
import {
  freshDatabase,
  hex,
  readingCount,
  seed,
  startScaleOut,
  storedCounts,
  type BenchAccount,
} from './cluster-topology.js';
import { forkProbes, planProbes } from './load-probes.js';
import { forkLoadPublisher } from './load-publisher.js';
import { createUsageTracker, type Usage } from './proc-usage.js';
import { writeResults } from './results-file.js';

const settings = {
  devices: Number(process.env.BENCH_DEVICES ?? 100_000),
  accounts: Number(process.env.BENCH_ACCOUNTS ?? 100),
  gateways: Number(process.env.BENCH_GATEWAYS ?? 200),
  reportSeconds: Number(process.env.BENCH_REPORT_SECONDS ?? 60),
  minutes: Number(process.env.BENCH_MINUTES ?? 15),
  readingsPerMessage: Number(process.env.BENCH_MESSAGE_READINGS ?? 1),
  window: Number(process.env.BENCH_WINDOW ?? 16),
  probes: Number(process.env.BENCH_PROBES ?? 200),
  /** The probes' devices come from this many gateways, so their owners sign in this often. */
  probeGateways: Number(process.env.BENCH_PROBE_GATEWAYS ?? 20),
  drainSeconds: Number(process.env.BENCH_DRAIN_SECONDS ?? 120),
  ceilingReadings: Number(process.env.BENCH_CEILING_READINGS ?? 100_000),
  ceilingSeconds: Number(process.env.BENCH_CEILING_SECONDS ?? 300),
  sampleSeconds: Number(process.env.BENCH_SAMPLE_SECONDS ?? 60),
};
const gatewaysPerAccount = Math.max(1, Math.round(settings.gateways / settings.accounts));
const devicesPerGateway = Math.max(
  1,
  Math.round(settings.devices / (settings.accounts * gatewaysPerAccount)),
);
const total = settings.accounts * gatewaysPerAccount * devicesPerGateway;
const rate = total / settings.reportSeconds;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => loadavg().map((value) => Number(value.toFixed(2)));
const uptime = () => execFileSync('uptime').toString().trim();
const secondsSince = (start: number) => Number(((performance.now() - start) / 1000).toFixed(1));
const write = (line: string) => process.stdout.write(`${line}\n`);
type Database = Awaited<ReturnType<typeof freshDatabase>>;

async function count(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(database.database.db, query);
  return Number(row?.n ?? 0);
}

function describeUsage(usage: Record<string, Usage>) {
  const at = (name: string) => usage[name] ?? { cores: 0, rssMb: 0, privateMb: 0, processes: 0 };
  return (
    `cores api ${String(at('api-1').cores)}+${String(at('api-2').cores)}, ingest ${String(at('ingest').cores)}, worker ${String(at('worker').cores)}, mosquitto ${String(at('mosquitto').cores)}, postgres ${String(at('postgres').cores)} (${String(at('postgres').processes)} backends), publisher ${String(at('publisher').cores)}, probes ${String(at('probes').cores)}; ` +
    `RSS MB api ${String(at('api-1').rssMb)}/${String(at('api-2').rssMb)}, ingest ${String(at('ingest').rssMb)}, worker ${String(at('worker').rssMb)}, mosquitto ${String(at('mosquitto').rssMb)}, postgres private ${String(at('postgres').privateMb)}`
  );
}

/** Until the database holds `expected` readings and no follow-up is left, or `drainSeconds`. */
async function drain(database: Database, expected: number) {
  const start = performance.now();
  const deadline = start + settings.drainSeconds * 1000;
  let stored = await readingCount(database.database);
  let followUps = await count(database, sql`select count(*) as n from reading_follow_ups`);
  while ((stored < expected || followUps > 0) && performance.now() < deadline) {
    await sleep(1000);
    stored = await readingCount(database.database);
    followUps = await count(database, sql`select count(*) as n from reading_follow_ups`);
  }
  return { seconds: secondsSince(start), complete: stored >= expected, followUpsLeft: followUps };
}

/** Which stored readings of the probe devices no liveData showed. */
/** The probe devices' stored readings, as `deviceId|time` (how the probes name those shown). */
async function probeReadings(database: Database, deviceIds: string[]): Promise<string[]> {
  const rows = await queryRows<{ device_id: string; ts: Date | string }>(
    database.database.db,
    sql`select d.device_id, r.ts from readings r join devices d on d.id = r.device_id
        where d.device_id = any(${sql.param(deviceIds)})`,
  );
  return rows.map((row) => `${row.device_id}|${new Date(row.ts).toISOString()}`);
}

/**
 * The ceiling: the same topology flat out over every device, in the load's own message shape
 * and window, once the load has drained (on top of a backlog it would measure nothing).
 */
async function flatOut(options: {
  drained: boolean;
  url: string;
  gateways: BenchAccount['gateways'];
  database: Database;
  tracker: ReturnType<typeof createUsageTracker>;
}) {
  const { tracker } = options;
  if (settings.ceilingReadings <= 0) return { skipped: 'BENCH_CEILING_READINGS=0' };
  if (!options.drained) {
    write('  ceiling not measured: the load had not drained');
    return { skipped: 'the load had not drained: flat out on top of its backlog measures nothing' };
  }
  await tracker.sample();
  try {
    const result = await throughput(
      options.url,
      options.gateways,
      options.database,
      {
        readings: settings.ceilingReadings,
        readingsPerMessage: settings.readingsPerMessage,
        window: settings.window,
      },
      settings.ceilingSeconds,
    );
    const usage = await tracker.sample();
    write(
      `  ceiling, the same topology flat out over all devices: ${String(result.readingsPerSecond)} readings/s (${String(result.readings)} in ${String(result.seconds)} s, all stored once); ${describeUsage(usage)}`,
    );
    return { ...result, usage };
  } catch (error) {
    write(`  ceiling not reached: ${String(error)}`);
    return { error: String(error) };
  }
}

type Topology = Awaited<ReturnType<typeof startScaleOut>>;

/** The broker, a fresh database with the fleet in it, and the topology on them. */
async function setUp(cleanup: (() => unknown)[]) {
  const secretsKey = hex(32);
  const broker = await startDynsecMosquitto();
  cleanup.push(() => broker.stop());
  const database = await freshDatabase(process.env.DATABASE_URL ?? '');
  cleanup.push(() => database.drop());
  let mark = performance.now();
  const seeded = await seed(database.database, createSecretSealer(secretsKey), {
    accounts: settings.accounts,
    gateways: gatewaysPerAccount,
    devicesPerGateway,
  });
  const seedSeconds = secondsSince(mark);
  mark = performance.now();
  const topology = await startScaleOut({
    env: {
      JWT_SECRET: hex(32),
      GATEWAY_SECRETS_KEY: secretsKey,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      MQTT_URL: broker.platformUrl,
    },
    ingestCount: 1,
  });
  cleanup.push(async () => {
    for (const proc of [...topology.procs].reverse()) await proc.stop();
  });
  const startSeconds = secondsSince(mark);
  const [listed] = await broker.admin.run([{ command: 'listClients', count: -1 }]);
  const brokerAccounts = ((listed?.data?.clients as string[] | undefined) ?? []).filter((name) =>
    name.startsWith('bench-gw-'),
  ).length;
  write(
    `  ${String(total)} devices and ${String(seeded.gateways.length)} gateways inserted in ${String(seedSeconds)} s; topology up, ${String(brokerAccounts)} gateway accounts on the broker, in ${String(startSeconds)} s`,
  );
  if (brokerAccounts !== seeded.gateways.length) {
    throw new Error(
      `${String(seeded.gateways.length)} gateways, ${String(brokerAccounts)} on the broker`,
    );
  }
  return {
    broker,
    database,
    seeded,
    topology,
    setup: { seedSeconds, startSeconds, brokerGatewayAccounts: brokerAccounts },
  };
}

/** api ×2, ingest, worker, Mosquitto, the database's backends, publisher and probes. */
function trackUsage(
  topology: Topology,
  others: { mosquitto?: number; publisher?: number; probes?: number },
  database: Database,
) {
  const [api1, api2] = topology.apis;
  return createUsageTracker(async () => ({
    'api-1': [api1?.child.pid ?? 0],
    'api-2': [api2?.child.pid ?? 0],
    ingest: topology.ingests.map((proc) => proc.child.pid ?? 0),
    worker: [topology.worker.child.pid ?? 0],
    mosquitto: [others.mosquitto ?? 0],
    postgres: (
      await queryRows<{ pid: number }>(
        database.database.db,
        sql`select pid from pg_stat_activity where datname = current_database()`,
      )
    ).map((row) => row.pid),
    publisher: [others.publisher ?? 0],
    probes: [others.probes ?? 0],
  }));
}

/** Every sample period until the load ends: stored rate, live latency, CPU and memory. */
async function sampleMinutes(
  database: Database,
  tracker: ReturnType<typeof createUsageTracker>,
  probes: ReturnType<typeof forkProbes>,
  started: number,
) {
  const samples = [];
  let previous = await readingCount(database.database);
  const sampleCount = Math.round((settings.minutes * 60) / settings.sampleSeconds);
  for (let index = 1; index <= sampleCount; index += 1) {
    const wait = started + index * settings.sampleSeconds * 1000 - performance.now();
    if (wait > 0) await sleep(wait);
    const stored = await readingCount(database.database);
    const usage = await tracker.sample();
    const live = await probes.minute();
    const sample = {
      minute: Number(((index * settings.sampleSeconds) / 60).toFixed(2)),
      storedPerSecond: Math.round((stored - previous) / settings.sampleSeconds),
      liveData: live.liveData,
      bare: live.bare,
      usage,
      loadavg: load(),
    };
    previous = stored;
    samples.push(sample);
    write(
      `  ${String(sample.minute).padStart(4)} min: stored ${String(sample.storedPerSecond)}/s, liveData p99 ${String(live.liveData.latencyMs.p99)} ms (${String(live.liveData.samples)}), bare p99 ${String(live.bare.latencyMs.p99)} ms; ${describeUsage(usage)}; load ${sample.loadavg.join(' ')}`,
    );
  }
  return samples;
}

/** After the load: every reading stored, each device seen, every probe reading shown. */
async function verify(
  database: Database,
  published: LoadResult,
  probes: ReturnType<typeof forkProbes>,
  probeDevices: string[],
) {
  const drained = await drain(database, published.sent);
  // The probe readings stored by now (a load that has not drained goes on storing), then a
  // moment for the newest of them to reach the sockets: each should have been shown.
  const probeStored = await probeReadings(database, probeDevices);
  await sleep(2000);
  const report = await probes.report();
  await probes.close();
  const counts = await storedCounts(database.database);
  const devicesSeen = await count(
    database,
    sql`select count(*) as n from devices where last_seen_at is not null`,
  );
  const shown = new Set(report.shown);
  const coverage = {
    stored: probeStored.length,
    notShown: probeStored.filter((key) => !shown.has(key)).length,
  };
  const stored = {
    offered: published.sent,
    queued: published.queued,
    readings: counts.readings,
    distinct: counts.distinct,
    shortfall: Math.max(0, published.sent - counts.readings),
    devicesSeen,
    drain: drained,
  };
  const live = {
    sockets: probeDevices.length,
    liveData: report.liveData,
    bareMosquitto: report.bare,
    probeReadingsStored: coverage.stored,
    probeReadingsNotShown: coverage.notShown,
  };
  write(
    `  stored ${String(counts.readings)} (${String(counts.distinct)} distinct), shortfall ${String(stored.shortfall)}, ${String(devicesSeen)} of ${String(total)} devices seen; drained in ${String(drained.seconds)} s${drained.complete ? '' : ' (NOT complete)'}, follow-ups left ${String(drained.followUpsLeft)}`,
  );
  write(
    `  publish -> liveData (${String(report.liveData.samples)} readings of ${String(probeDevices.length)} devices): p50 ${String(report.liveData.latencyMs.p50)} ms, p90 ${String(report.liveData.latencyMs.p90)}, p99 ${String(report.liveData.latencyMs.p99)}, max ${String(report.liveData.latencyMs.max)}; ${String(coverage.notShown)} of ${String(coverage.stored)} stored probe readings never shown`,
  );
  write(
    `  bare Mosquitto -> subscriber, same readings: p50 ${String(report.bare.latencyMs.p50)} ms, p99 ${String(report.bare.latencyMs.p99)}, max ${String(report.bare.latencyMs.max)}`,
  );
  return { stored, live };
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('bench:load needs DATABASE_URL (PostgreSQL)');
  const uptimeAtStart = uptime();
  write(
    `load: ${String(total)} devices once every ${String(settings.reportSeconds)} s (${rate.toFixed(0)} readings/s) over ${String(settings.accounts * gatewaysPerAccount)} gateways, ${String(settings.minutes)} min; ${uptimeAtStart}`,
  );
  const cleanup: (() => unknown)[] = [];
  try {
    const { broker, database, seeded, topology, setup } = await setUp(cleanup);
    const probes = forkProbes();
    cleanup.push(() => probes.kill());
    const plan = await planProbes(seeded.accounts, topology.httpUrls, {
      probes: settings.probes,
      gateways: settings.probeGateways,
    });
    await probes.connect({
      watches: plan.watches,
      bare: { url: broker.platformUrl, gatewayIds: plan.gatewayIds },
    });
    const publisher = forkLoadPublisher({
      url: broker.url,
      gateways: seeded.gateways,
      rate,
      batch: settings.readingsPerMessage,
      window: settings.window,
      durationSeconds: settings.minutes * 60,
      stamp: 'now',
    });
    cleanup.push(() => publisher.kill());
    const tracker = trackUsage(
      topology,
      { mosquitto: broker.pid(), publisher: publisher.pid(), probes: probes.pid() },
      database,
    );
    await publisher.started;
    const started = performance.now();
    await tracker.sample();
    write(`  publishing since ${new Date().toISOString()}; load ${load().join(' ')}`);
    const samples = await sampleMinutes(database, tracker, probes, started);
    const published = await publisher.done;
    const publishedSeconds = secondsSince(started);
    write(
      `  published ${String(published.sent)} readings (${String(published.queued)} scheduled) in ${String(publishedSeconds)} s = ${published.readingsPerSecond.toFixed(0)}/s, most held back by one gateway ${String(published.backlog)}`,
    );
    const { stored, live } = await verify(
      database,
      published,
      probes,
      plan.watches.map((watch) => watch.deviceId),
    );
    const ceiling = await flatOut({
      drained: stored.drain.complete,
      url: broker.url,
      gateways: seeded.gateways,
      database,
      tracker,
    });
    const ratios = {
      storedToOffered: Number((stored.readings / Math.max(1, published.sent)).toFixed(4)),
      offeredToCeiling:
        'readingsPerSecond' in ceiling
          ? Number((published.readingsPerSecond / ceiling.readingsPerSecond).toFixed(3))
          : null,
      liveP99ToBareP99: Number(
        (live.liveData.latencyMs.p99 / Math.max(1, live.bareMosquitto.latencyMs.p99)).toFixed(2),
      ),
    };
    const uptimeAtEnd = uptime();
    const everyReading = stored.shortfall === 0 && stored.distinct === stored.readings;
    write(
      `  ratios: stored/offered ${String(ratios.storedToOffered)} (every reading stored: ${everyReading ? 'met' : 'NOT met'}); offered/ceiling ${String(ratios.offeredToCeiling)}; liveData p99 / bare broker p99 ${String(ratios.liveP99ToBareP99)} (target p99 < 100 ms: ${live.liveData.latencyMs.p99 < 100 ? 'met' : 'NOT met'})\n  ${uptimeAtEnd}`,
    );
    await writeResults('load', {
      run: `${String(settings.minutes)} min, ${String(total)} devices once every ${String(settings.reportSeconds)} s = ${rate.toFixed(0)} readings/s, ${String(seeded.gateways.length)} gateways`,
      settings: { ...settings, gatewaysPerAccount, devicesPerGateway, readingsPerSecond: rate },
      uptime: { start: uptimeAtStart, end: uptimeAtEnd },
      setup,
      published: { ...published, seconds: publishedSeconds },
      stored,
      live,
      samples,
      ceiling,
      ratios,
    });
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
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

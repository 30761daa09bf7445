/**
 * `npm run bench:cluster`: the scale-out topology (deploy/compose.yaml as processes: Mosquitto
 * with the dynamic security plugin, PostgreSQL, Redis, api ×2, ingest, worker) against the
 * embedded mode (one process with its own broker) on the same PostgreSQL in the same run:
 *  - ingest throughput: gateways publish every reading over QoS 1, many messages in flight,
 *    devices interleaved; timed from the first publish until the database holds every reading
 *    (then checked: exactly that many, all distinct), with one and with two ingest processes;
 *  - publish -> browser latency: a probe reading every 300 ms to a Socket.IO client on the
 *    *other* api process (the only one in embedded mode), idle and under 1,000 readings/s.
 * Publishers run in child processes. Needs DATABASE_URL (an admin URL; fresh databases are
 * made) and REDIS_URL (default redis://127.0.0.1:6379); uses the built server bundle.
 */
import { execFileSync, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { socketPath, topics, type ServerToClientEvents } from '@vigil/contracts';
import mqtt from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import { createSecretSealer } from '../apps/server/src/lib/sealed.js';
import { runLoad } from '../apps/simulator/src/load.js';
import { startDynsecMosquitto } from '../apps/server/test/helpers/mosquitto.js';
import { throughput } from './cluster-throughput.js';
import {
  addressOf,
  freshDatabase,
  hex,
  seed,
  signIn,
  startProc,
  startScaleOut,
  type BenchGateway,
  type Proc,
} from './cluster-topology.js';
import {
  cpuTracker,
  describeCores,
  describeWork,
  rowsWritten,
  sampleWaits,
} from './cluster-usage.js';
import { median } from './percentiles.js';
import { writeResults } from './results-file.js';
import { connected } from './sockets.js';

const settings = {
  readings: Number(process.env.BENCH_READINGS ?? 200_000),
  gateways: Number(process.env.BENCH_GATEWAYS ?? 8),
  devicesPerGateway: Number(process.env.BENCH_DEVICES ?? 25),
  readingsPerMessage: Number(process.env.BENCH_MESSAGE_READINGS ?? 20),
  window: Number(process.env.BENCH_WINDOW ?? 32),
  probeSeconds: Number(process.env.BENCH_PROBE_SECONDS ?? 15),
  /** Rounds of embedded, one and two ingest processes in turn; the ratios are their median. */
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  probeEveryMs: 300,
  loadRate: 1000,
};
const self = fileURLToPath(import.meta.url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => loadavg().map((value) => Number(value.toFixed(2)));
const uptime = () => execFileSync('uptime').toString().trim();

function percentile(sorted: number[], p: number) {
  return Math.round(
    sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0,
  );
}

/** Probe readings to a socket on `socketUrl`, idle or under the load of the other gateways. */
async function latency(options: {
  mqttUrl: string;
  signInUrl: string;
  socketUrl: string;
  owner: { email: string; password: string };
  gateways: BenchGateway[];
  loaded: boolean;
}) {
  const [probe, ...others] = options.gateways;
  const deviceId = probe?.devices[0] ?? '';
  const jwt = await signIn(options.signInUrl, options.owner);
  const socket: Socket<ServerToClientEvents> = io(options.socketUrl, {
    path: socketPath,
    transports: ['websocket'],
    auth: { token: jwt },
    query: { deviceId, timeValue: '1' },
  });
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  socket.on('liveData', (event) => {
    const at = sent.get(event.reading.createdAt);
    if (event.deviceId === deviceId && at !== undefined) latencies.push(performance.now() - at);
  });
  await connected(socket);
  const client = await mqtt.connectAsync(options.mqttUrl, {
    protocolVersion: 4,
    clientId: `bench-probe-${hex(3)}`,
    username: probe?.gatewayId,
    password: probe?.secret,
  });
  const background = options.loaded
    ? fork(self, ['load'], { execArgv: ['--import', 'tsx'] })
    : undefined;
  background?.send({ url: options.mqttUrl, gateways: others });
  if (background) await sleep(2000);
  const loadBefore = load();
  const end = Date.now() + settings.probeSeconds * 1000;
  while (Date.now() < end) {
    const ts = new Date().toISOString();
    sent.set(ts, performance.now());
    const reading = { deviceId, ts, data: { t: 4.2, h: 40, b: 90, m: 3 } };
    await client.publishAsync(
      topics.up(probe?.gatewayId ?? ''),
      JSON.stringify({ readings: [reading] }),
      { qos: 1 },
    );
    await sleep(settings.probeEveryMs);
  }
  await sleep(2000);
  background?.kill('SIGTERM');
  socket.close();
  await client.endAsync();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    samples: sent.size,
    received: latencies.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: Math.round(sorted.at(-1) ?? 0),
    loadavg: loadBefore,
  };
}

type Measured = Awaited<ReturnType<typeof measure>>;
type Ratios = { oneIngestToEmbedded: number; twoIngestToEmbedded: number; twoIngestToOne: number };

async function measure(
  name: string,
  start: (
    db: string,
    gateways: BenchGateway[],
  ) => Promise<{
    procs: Proc[];
    /** Process ids by role, for their CPU. */
    groups: Record<string, number[]>;
    mqttUrl: string;
    signInUrl: string;
    socketUrl: string;
  }>,
  withLatency: boolean,
) {
  const database = await freshDatabase(process.env.DATABASE_URL ?? '');
  const seeded = await seed(database.database, createSecretSealer(secretsKey), {
    gateways: settings.gateways,
    devicesPerGateway: settings.devicesPerGateway,
  });
  const owner = seeded.accounts[0]?.owner ?? { email: '', password: '' };
  const topology = await start(database.url, seeded.gateways);
  let measured: {
    ingest: Awaited<ReturnType<typeof throughput>> & {
      backendWaits: ReturnType<ReturnType<typeof sampleWaits>['result']>;
    };
    latency?: unknown;
  };
  try {
    process.stdout.write(`\n${name}\n`);
    const waits = sampleWaits(database);
    const ingest = await throughput(
      topology.mqttUrl,
      seeded.gateways,
      database,
      settings,
      Infinity,
      cpuTracker(topology.groups, database.database.db),
    ).finally(() => waits.stop());
    const backendWaits = waits.result();
    process.stdout.write(
      `  ingest: ${String(ingest.readingsPerSecond)} readings/s (${String(ingest.readings)} in ${String(ingest.seconds)} s, all stored once; load ${ingest.loadavg.before.join(' ')})\n  cores: ${describeCores(ingest.cores, ingest.seconds, ingest.readings)}\n  busy backends by wait: ${Object.entries(
        backendWaits.share,
      )
        .map(([wait, share]) => `${wait} ${String(share)}`)
        .join(', ')} (${String(backendWaits.samples)} samples)\n`,
    );
    measured = { ingest: { ...ingest, backendWaits } };
    if (withLatency && process.env.BENCH_LATENCY !== '0') {
      const latencies: Record<string, unknown> = {};
      for (const loaded of [false, true]) {
        const result = await latency({
          ...topology,
          owner,
          gateways: seeded.gateways,
          loaded,
        });
        latencies[loaded ? 'at1000PerSecond' : 'idle'] = result;
        process.stdout.write(
          `  publish -> socket ${loaded ? 'at 1,000 readings/s' : 'idle'}: p50 ${String(result.p50Ms)} ms, p99 ${String(result.p99Ms)} ms, max ${String(result.maxMs)} ms (${String(result.received)}/${String(result.samples)} received; load ${result.loadavg.join(' ')})\n`,
        );
      }
      measured.latency = latencies;
    }
  } finally {
    for (const proc of topology.procs.reverse()) await proc.stop();
  }
  try {
    const databaseWork = await rowsWritten(database);
    process.stdout.write(`  database: ${describeWork(databaseWork)}\n`);
    return { ...measured, databaseWork };
  } finally {
    await database.drop();
  }
}

const secretsKey = hex(32);
const jwtSecret = hex(32);

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('bench:cluster needs DATABASE_URL (PostgreSQL)');
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const common = {
    JWT_SECRET: jwtSecret,
    GATEWAY_SECRETS_KEY: secretsKey,
    PORT: '0',
    HOST: '127.0.0.1',
  };
  const broker = await startDynsecMosquitto();
  const embedded = (withLatency: boolean) =>
    measure(
      'embedded: one process, its own broker (Aedes)',
      async (db) => {
        const proc = await startProc({ ...common, DATABASE_URL: db, MQTT_PORT: '0' });
        const mqttUrl = await addressOf(proc, 'mqtt');
        const http = await addressOf(proc, 'http');
        return {
          procs: [proc],
          groups: { server: [proc.child.pid ?? 0], mosquitto: [broker.pid() ?? 0] },
          mqttUrl,
          signInUrl: http,
          socketUrl: http,
        };
      },
      withLatency,
    );
  const scaleOut = (ingestCount: number, withLatency: boolean) =>
    measure(
      `scale-out: Mosquitto, api ×2, worker, ingest ×${String(ingestCount)}`,
      async (db) => {
        const env = {
          ...common,
          DATABASE_URL: db,
          REDIS_URL: redisUrl,
          MQTT_URL: broker.platformUrl,
        };
        const { procs, apis, worker, ingests, httpUrls } = await startScaleOut({
          env,
          ingestCount,
        });
        const pid = (proc: Proc) => proc.child.pid ?? 0;
        return {
          procs,
          groups: {
            ...Object.fromEntries(
              ingests.map((proc, i) => [`ingest-${String(i + 1)}`, [pid(proc)]]),
            ),
            api: apis.map(pid),
            worker: [pid(worker)],
            mosquitto: [broker.pid() ?? 0],
          },
          mqttUrl: broker.url,
          signInUrl: httpUrls[0] ?? '',
          socketUrl: httpUrls[1] ?? '',
        };
      },
      withLatency,
    );
  const results: Record<string, unknown> = { loadavgAtStart: load(), uptimeAtStart: uptime() };
  // The machine is shared and its load drifts: the three are measured in turn, round after
  // round, each round's ratios from figures a few minutes apart, and the median is the result.
  const rounds: {
    embedded: Measured;
    cluster1Ingest: Measured;
    cluster2Ingest: Measured;
    ratios: Ratios;
  }[] = [];
  try {
    for (let round = 1; round <= settings.rounds; round += 1) {
      process.stdout.write(`\nround ${String(round)} of ${String(settings.rounds)}\n`);
      const first = round === 1;
      const measured = {
        embedded: await embedded(first),
        cluster1Ingest: await scaleOut(1, first),
        cluster2Ingest: await scaleOut(2, false),
      };
      const rate = (key: keyof typeof measured) => measured[key].ingest.readingsPerSecond;
      const ratios = {
        oneIngestToEmbedded: Number((rate('cluster1Ingest') / rate('embedded')).toFixed(3)),
        twoIngestToEmbedded: Number((rate('cluster2Ingest') / rate('embedded')).toFixed(3)),
        twoIngestToOne: Number((rate('cluster2Ingest') / rate('cluster1Ingest')).toFixed(3)),
      };
      process.stdout.write(
        `  ratios: one ingest ${String(ratios.oneIngestToEmbedded)}, two ingest ${String(ratios.twoIngestToEmbedded)} of embedded; two to one ${String(ratios.twoIngestToOne)}\n`,
      );
      rounds.push({ ...measured, ratios });
    }
  } finally {
    await broker.stop();
  }
  const ratios = Object.fromEntries(
    (['oneIngestToEmbedded', 'twoIngestToEmbedded', 'twoIngestToOne'] as const).map((key) => [
      key,
      Number(median(rounds.map((round) => round.ratios[key])).toFixed(3)),
    ]),
  ) as Ratios;
  process.stdout.write(
    `\nmedian ratio to embedded over ${String(rounds.length)} round(s): one ingest ${String(ratios.oneIngestToEmbedded)} (target >= 0.8: ${ratios.oneIngestToEmbedded >= 0.8 ? 'met' : 'NOT met'}), two ingest ${String(ratios.twoIngestToEmbedded)}; two to one ${String(ratios.twoIngestToOne)}\nat the end: ${uptime()}\n`,
  );
  const [firstRound] = rounds;
  Object.assign(results, {
    embedded: firstRound?.embedded,
    cluster1Ingest: firstRound?.cluster1Ingest,
    cluster2Ingest: firstRound?.cluster2Ingest,
    rounds: rounds.slice(1),
    uptimeAtEnd: uptime(),
  });
  await writeResults('cluster', { settings, ...results, ratios });
}

if (process.argv[2] === 'load') {
  process.once('message', (plan) => {
    const { url, gateways } = plan as { url: string; gateways: BenchGateway[] };
    void runLoad({ url, gateways, rate: settings.loadRate, batch: 10, durationSeconds: 3600 });
  });
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}

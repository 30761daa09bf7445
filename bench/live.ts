/**
 * `npm run bench:live`: readings published over MQTT at a steady 10,000 a second (gateways with
 * many messages in flight: live-publisher.ts) to the embedded broker, through ingest and the
 * realtime bridge, to 1,000 Socket.IO clients watching 1,000 devices (one each, as a browser's
 * device panel does, live chart on). Every reading is measured: its latency from publish to the
 * first event that shows it (liveData, or graphData for the chart), p50/p99 over all of them,
 * and how many never reached the browser; liveData alone too. Then, in the same run, the same
 * clients against a bare Socket.IO server that broadcasts a liveData-shaped event per room in a
 * loop: once at the live run's delivery rate (the latency Socket.IO itself costs) and once flat
 * out (its ceiling). Loopback only; publishers and clients run in child processes so the
 * server's CPU is its own. The clients are lean Socket.IO connections unless BENCH_CLIENTS is
 * `socket.io` (live-clients.ts): on a 2-core machine they share the cores with the server.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { socketPath, type ServerToClientEvents } from '@vigil/contracts';
import pg from 'pg';
import pino from 'pino';
import { Server } from 'socket.io';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client.js';
import { devices, gateways } from '../apps/server/src/db/schema/index.js';
import { createTokenSigner } from '../apps/server/src/lib/jwt.js';
import { hashPassword } from '../apps/server/src/lib/secrets.js';
import * as accountsRepo from '../apps/server/src/modules/accounts/repo.js';
import * as authRepo from '../apps/server/src/modules/auth/repo.js';
import * as usersRepo from '../apps/server/src/modules/users/repo.js';
import { createRuntime } from '../apps/server/src/runtime.js';
import { batchFigures } from './batch-figures.js';
import { publishPaced, type PacedGateway, type PacedOptions } from './live-publisher.js';
import { clientsProcess, type Report, type Watch } from './live-clients.js';
import { percentiles } from './percentiles.js';
import { createCoresTracker } from './proc-usage.js';
import { writeResultsOf } from './results-file.js';

const settings = {
  devices: Number(process.env.BENCH_DEVICES ?? 1000),
  /** One gateway per account: more gateways keep more QoS 1 messages in flight. */
  accounts: Number(process.env.BENCH_ACCOUNTS ?? 20),
  rate: Number(process.env.BENCH_RATE ?? 10_000),
  readingsPerMessage: Number(process.env.BENCH_MESSAGE_READINGS ?? 50),
  /** Messages in flight per gateway. */
  window: Number(process.env.BENCH_WINDOW ?? 16),
  /** 1: every gateway publishes at the same instants (a burst per interval), not at its own offset. */
  aligned: process.env.BENCH_ALIGNED === '1',
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
  seconds: Number(process.env.BENCH_SECONDS ?? 12),
  bareSeconds: Number(process.env.BENCH_BARE_SECONDS ?? 4),
  /** The clients' range: 0 is the live panel (liveData and graphData), 6 liveData only. */
  timeValue: process.env.BENCH_TIME_VALUE ?? '0',
  /** The simulated browsers' connections (live-clients.ts): `lean` or `socket.io`. */
  clients: process.env.BENCH_CLIENTS === 'socket.io' ? 'socket.io' : 'lean',
  // Unset: the server's default (config.ts).
  flushMs: process.env.INGEST_FLUSH_MS,
};

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const deviceAddress = () =>
  [...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0')).join(':');

/** A child process running `role` of this file, answering commands one at a time. */
function child(role: 'clients' | 'publisher') {
  const process_: ChildProcess = fork(fileURLToPath(import.meta.url), [role], {
    execArgv: ['--import', 'tsx'],
  });
  return {
    process: process_,
    async ask<T>(message: unknown): Promise<T> {
      const reply = once(process_, 'message') as Promise<[T & { type: string; message?: string }]>;
      process_.send(message as object);
      const [answer] = await reply;
      if (answer.type === 'error') throw new Error(answer.message);
      return answer;
    },
  };
}

async function seed(db: Db, tokens: ReturnType<typeof createTokenSigner>) {
  const perAccount = Math.ceil(settings.devices / settings.accounts);
  const secret = hex(16);
  const secretHash = await hashPassword(secret);
  const passwordHash = await hashPassword(hex(16));
  const planned: PacedGateway[] = [];
  const watches: Omit<Watch, 'url'>[] = [];
  for (let a = 0; a < settings.accounts; a += 1) {
    const account = await accountsRepo.insertAccount(db, {
      companyName: `Bench Lab ${a}`,
      email: `bench-${a}-${hex(3)}@example.test`,
      countryCode: '+44',
      phoneNumber: '2070000000',
    });
    const owner = await usersRepo.insertUser(db, {
      accountId: account.id,
      parentId: null,
      name: `Owner ${a}`,
      email: account.email,
      passwordHash,
      role: 'super_user',
      countryCode: '+44',
      phoneNumber: '2070000001',
      isActivated: true,
      emailConfirmedAt: new Date(),
    });
    const expiresAt = new Date(Date.now() + 3_600_000);
    const sessionId = await authRepo.insertSession(db, {
      userId: owner.id,
      ip: null,
      userAgent: 'bench',
      expiresAt,
    });
    const token = await tokens.sign({ userId: owner.id, sessionId, role: 'super_user' }, expiresAt);
    const gatewayId = `bench-live-${a}-${hex(3)}`;
    const [gateway] = await db
      .insert(gateways)
      .values({ accountId: account.id, gatewayId, name: gatewayId, secretHash })
      .returning({ id: gateways.id });
    const addresses = Array.from({ length: perAccount }, deviceAddress);
    await db.insert(devices).values(
      addresses.map((deviceId, index) => ({
        accountId: account.id,
        deviceId,
        name: `Bench ${a}.${index}`,
        gatewayId: gateway?.id ?? null,
      })),
    );
    planned.push({ gatewayId, secret, devices: addresses });
    watches.push(...addresses.map((deviceId) => ({ token, deviceId })));
  }
  return { gateways: planned, watches };
}

async function openBenchDatabase(dataDir: string) {
  if (!process.env.DATABASE_URL) {
    return { database: await openDatabase({ dataDir }), kind: 'pglite', drop: async () => {} };
  }
  const admin = new URL(process.env.DATABASE_URL);
  const name = `vigil_bench_live_${hex(4)}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database: Database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  return {
    database,
    kind: 'postgres',
    async drop() {
      const dropper = new pg.Client({ connectionString: admin.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * The main thread's garbage-collection pauses while measuring: each one holds every reading in
 * the process (decode, commit, fan-out) for its length.
 */
function watchGcPauses() {
  const pauses: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop(seconds: number) {
      observer.disconnect();
      const totalMs = pauses.reduce((sum, ms) => sum + ms, 0);
      const rounded = percentiles(pauses.map((ms) => Math.round(ms * 10) / 10));
      return {
        count: pauses.length,
        totalMs: Math.round(totalMs),
        share: Number((totalMs / 1000 / seconds).toFixed(3)),
        ms: rounded,
      };
    },
  };
}

const sample = { t: 4.2, h: 41, c: null, b: 90, m: 3, d: null, w: null, Node_Type: 1 };

/** The ceiling: a bare Socket.IO server, one room per client, emitting liveData in a loop. */
async function bare(
  clients: ReturnType<typeof child>,
  addresses: string[],
  paceRate: number,
): Promise<{ paced: Report & { rate: number }; flatOut: Report & { emitted: number } }> {
  const http = createServer();
  const ioServer = new Server<Record<string, never>, ServerToClientEvents>(http, {
    path: socketPath,
    transports: ['websocket'],
    serveClient: false,
  });
  ioServer.on('connection', (socket) => {
    void socket.join(String(socket.handshake.query.deviceId));
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const address = http.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await clients.ask({
    type: 'connect',
    watches: addresses.map((deviceId) => ({ url, token: 'none', deviceId })),
    timeValue: '6',
    kind: settings.clients,
  });
  const emit = (deviceId: string) => {
    ioServer.to(deviceId).emit('liveData', {
      id: '00000000-0000-4000-8000-000000000000',
      deviceId,
      reading: { ...sample, createdAt: new Date().toISOString() } as never,
    });
  };
  const run = async (seconds: number, step: (index: number) => Promise<number>) => {
    await clients.ask({ type: 'reset' });
    const end = performance.now() + seconds * 1000;
    let index = 0;
    while (performance.now() < end) index = await step(index);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return (await clients.ask<{ report: Report }>({ type: 'report' })).report;
  };
  // Paced: the live run's delivery rate, in ticks of 10 ms.
  const started = performance.now();
  const paced = await run(settings.bareSeconds, async (index) => {
    const due = Math.floor(((performance.now() - started) / 1000) * paceRate);
    let next = index;
    for (; next < due; next += 1) emit(addresses[next % addresses.length] ?? '');
    await new Promise((resolve) => setTimeout(resolve, 10));
    return next;
  });
  // Flat out: one event per room, then let the sockets write, as fast as it goes.
  let emitted = 0;
  const flatOut = await run(settings.bareSeconds, async (index) => {
    for (const deviceId of addresses) emit(deviceId);
    emitted += addresses.length;
    await new Promise((resolve) => setImmediate(resolve));
    return index + 1;
  });
  await clients.ask({ type: 'close' });
  await ioServer.close();
  return { paced: { ...paced, rate: paceRate }, flatOut: { ...flatOut, emitted } };
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-live-'));
  const { database, kind, drop } = await openBenchDatabase(dataDir);
  const jwtSecret = hex(32);
  const { gateways: planned, watches } = await seed(database.db, createTokenSigner(jwtSecret));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ROLES: 'api,broker,ingest',
    PORT: '0',
    MQTT_PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIR: '',
    JWT_SECRET: jwtSecret,
    INGEST_FLUSH_MS: settings.flushMs,
  });
  const runtime = await createRuntime(config, pino({ level: 'warn' }), database);
  const url = await runtime.listen();
  const clients = child('clients');
  const publisher = child('publisher');
  process.stdout.write(
    `\n${kind}: ${watches.length} sockets (${settings.clients} clients) on ${watches.length} devices, ${settings.rate} readings/s for ${settings.warmupSeconds + settings.seconds} s...\n`,
  );
  await clients.ask({
    type: 'connect',
    watches: watches.map((watch) => ({ ...watch, url })),
    timeValue: settings.timeValue,
    kind: settings.clients,
  });

  const options: PacedOptions = {
    url: runtime.mqttUrl ?? '',
    gateways: planned,
    rate: settings.rate,
    batch: settings.readingsPerMessage,
    window: settings.window,
    durationSeconds: settings.warmupSeconds + settings.seconds,
    aligned: settings.aligned,
  };
  const load = publisher.ask<{
    result: { sent: number; seconds: number; readingsPerSecond: number; late: number };
  }>({ type: 'load', options });
  await new Promise((resolve) => setTimeout(resolve, settings.warmupSeconds * 1000));
  await clients.ask({ type: 'reset' });
  // What else is busy: the sockets' process, and every core of the machine (PostgreSQL too).
  const others = createCoresTracker({ clients: [clients.process.pid ?? 0] });
  // How long the server's event loop (ingest, socket writes and, on PGlite, the database) keeps
  // work waiting: a callback due now runs this much later.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const cpuBefore = process.cpuUsage();
  // Where the time goes: publish -> durable (the ingest event the bridge listens to).
  const stored: number[] = [];
  const { metrics } = runtime.ingest;
  metrics.stageSeconds.reset();
  metrics.batchReadings.reset();
  const gc = watchGcPauses();
  runtime.ingest.events.on('readings', (readings) => {
    const now = Date.now();
    for (const live of readings) stored.push(now - Date.parse(live.reading.createdAt));
  });
  const { result: published } = await load;
  // The last window's coalesced readings.
  await new Promise((resolve) => setTimeout(resolve, 400));
  const { report: live } = await clients.ask<{ report: Report }>({ type: 'report' });
  const cpu = process.cpuUsage(cpuBefore);
  const cores = await others.sample();
  loopDelay.disable();
  const batches = await batchFigures(metrics);
  const gcPauses = gc.stop(live.seconds);
  await clients.ask({ type: 'close' });
  await runtime.close();
  publisher.process.kill();

  const liveRate = live.liveData / live.seconds;
  const ceiling = await bare(
    clients,
    watches.map((watch) => watch.deviceId),
    Math.max(1, Math.round(liveRate)),
  );
  clients.process.kill();
  await drop();
  await rm(dataDir, { recursive: true, force: true });

  const result = {
    database: kind,
    sockets: watches.length,
    published: {
      readings: published.sent,
      readingsPerSecond: Math.round(published.readingsPerSecond),
      /** Messages sent later than their time because the gateway's window was full. */
      late: published.late,
    },
    live: {
      /** Readings stored while measuring, and how many of them a browser was shown. */
      stored: stored.length,
      shown: live.readings,
      readingLatencyMs: live.readingLatencyMs,
      /** p99 of the readings published in each second of the measured run. */
      readingLatencyBySecond: live.bySecond,
      liveDataPerSecond: Math.round(liveRate),
      graphDataPerSecond: Math.round(live.graphData / live.seconds),
      latencyMs: live.latencyMs,
      storedLatencyMs: percentiles(stored),
      serverCpu: Number(((cpu.user + cpu.system) / 1e6 / live.seconds).toFixed(2)),
      /** Cores of the sockets' process and of the whole machine (PostgreSQL too). */
      otherCpu: cores,
      loopDelayMs: { p50: loopDelay.percentile(50) / 1e6, p99: loopDelay.percentile(99) / 1e6 },
      gcPauses,
      batches,
    },
    bare: {
      paced: {
        rate: ceiling.paced.rate,
        deliveriesPerSecond: Math.round(ceiling.paced.liveData / ceiling.paced.seconds),
        latencyMs: ceiling.paced.latencyMs,
      },
      flatOut: {
        deliveriesPerSecond: Math.round(ceiling.flatOut.liveData / ceiling.flatOut.seconds),
        latencyMs: ceiling.flatOut.latencyMs,
      },
    },
  };
  const target = 100;
  process.stdout.write(
    [
      `  published over MQTT: ${result.published.readingsPerSecond} readings/s (${result.published.readings} in all) by ${settings.accounts} gateways, ${settings.aligned ? 'all at the same instants' : 'each at its own offset'}`,
      `  liveData delivered:  ${result.live.liveDataPerSecond}/s (+ ${result.live.graphDataPerSecond} graphData/s), coalesced per device over one frame (16 ms)`,
      `  every reading, publish -> first shown (liveData or graphData): p50 ${result.live.readingLatencyMs.p50} ms, p90 ${result.live.readingLatencyMs.p90} ms, p99 ${result.live.readingLatencyMs.p99} ms, max ${result.live.readingLatencyMs.max} ms; ${result.live.shown} of ${result.live.stored} stored readings shown`,
      `    p99 by second published: ${result.live.readingLatencyBySecond.map((second) => second.p99).join(' ')} ms`,
      `  publish -> liveData: p50 ${result.live.latencyMs.p50} ms, p90 ${result.live.latencyMs.p90} ms, p99 ${result.live.latencyMs.p99} ms, max ${result.live.latencyMs.max} ms; server CPU ${result.live.serverCpu} cores; load ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
      `  cores: server ${result.live.serverCpu}, the sockets' process ${result.live.otherCpu.clients ?? 0}, the whole machine ${result.live.otherCpu.machine ?? 0} of ${availableParallelism()}; the server's event loop delay p50 ${result.live.loopDelayMs.p50.toFixed(1)} ms, p99 ${result.live.loopDelayMs.p99.toFixed(1)} ms`,
      `  the server's garbage collector paused it ${gcPauses.count} times, ${gcPauses.totalMs} ms in all (${(gcPauses.share * 100).toFixed(1)} % of the time), p50 ${gcPauses.ms.p50} ms, max ${gcPauses.ms.max} ms`,
      `  of which publish -> stored (ingest commit): p50 ${result.live.storedLatencyMs.p50} ms, p99 ${result.live.storedLatencyMs.p99} ms; ${batches.count} batches of ${batches.meanReadings} readings on average, written in ${batches.meanWriteMs} ms on average`,
      `  bare Socket.IO at ${result.bare.paced.rate}/s: p50 ${result.bare.paced.latencyMs.p50} ms, p99 ${result.bare.paced.latencyMs.p99} ms`,
      `  bare Socket.IO flat out: ${result.bare.flatOut.deliveriesPerSecond} deliveries/s (p50 ${result.bare.flatOut.latencyMs.p50} ms)`,
      `  deliveries vs the bare ceiling: ${(result.live.liveDataPerSecond / Math.max(1, result.bare.flatOut.deliveriesPerSecond)).toFixed(3)}`,
      `  ratio of our p99 to the bare Socket.IO p99 at the same rate: ${(result.live.readingLatencyMs.p99 / Math.max(1, result.bare.paced.latencyMs.p99)).toFixed(2)}`,
      `  target p99 < ${target} ms for every reading at ${settings.rate}/s: ${result.live.readingLatencyMs.p99 < target && result.published.readingsPerSecond >= settings.rate * 0.95 ? 'met' : 'NOT met'}`,
      '',
    ].join('\n'),
  );
  await writeResultsOf('live', result.database, { settings, result });
}

if (process.argv[2] === 'clients') {
  clientsProcess();
} else if (process.argv[2] === 'publisher') {
  process.once('message', (message: { options: PacedOptions }) => {
    publishPaced(message.options).then(
      (result) => {
        process.send?.({ type: 'result', result });
      },
      (error: unknown) => {
        process.send?.({ type: 'error', message: String(error) });
      },
    );
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

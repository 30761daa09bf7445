/**
 * `npm run bench:ingest`: end-to-end MQTT QoS 1 publish -> durable readings with rollups and
 * device state, through the embedded broker and the real ingest path, against the ceiling of a
 * plain batched `INSERT ... SELECT unnest` loop into the same database, on PostgreSQL
 * (DATABASE_URL; a fresh database is created) and on PGlite. Publishers run in a child process
 * so that the server's RSS is the server's alone.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { topics } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pg from 'pg';
import pino from 'pino';
import type { Registry } from 'prom-client';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/query.js';
import { accounts, alarms, devices, gateways } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/lib/secrets.js';
import { createRuntime } from '../apps/server/src/runtime.js';
import { writeResults } from './results-file.js';

type Plan = {
  url: string;
  gateways: { gatewayId: string; secret: string; devices: string[] }[];
  messagesPerGateway: number;
  readingsPerMessage: number;
  window: number;
  startMs: number;
};
type PublisherResult = { readings: number; seconds: number };

const settings = {
  readings: Number(process.env.BENCH_READINGS ?? 400_000),
  gateways: Number(process.env.BENCH_GATEWAYS ?? 8),
  devicesPerGateway: Number(process.env.BENCH_DEVICES ?? 25),
  readingsPerMessage: Number(process.env.BENCH_MESSAGE_READINGS ?? 100),
  window: Number(process.env.BENCH_WINDOW ?? 16),
  /** The server's own defaults (config.ts) unless set. */
  batchSize: process.env.INGEST_BATCH_SIZE ?? '2000',
  flushMs: process.env.INGEST_FLUSH_MS ?? '50',
  ceilingBatch: 2000,
  /**
   * BENCH_ALARMS=1000 (`npm run bench:alarms-ingest`): each database is measured without alarms
   * and with that many enabled alarms (temperature and humidity, spread over the devices, in
   * range: the engine's steady state), BENCH_REPEATS times each, best of each kept.
   */
  alarms: Number(process.env.BENCH_ALARMS ?? 0),
  repeats: Number(process.env.BENCH_REPEATS ?? 1),
};

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const deviceAddress = () =>
  [...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0')).join(':');

/** The publisher process: one MQTT 3.1.1 client per gateway, a window of QoS 1 messages in flight. */
async function publish(plan: Plan): Promise<PublisherResult> {
  const clients = await Promise.all(
    plan.gateways.map((gateway) =>
      mqtt.connectAsync(plan.url, {
        protocolVersion: 4,
        clientId: `bench-${gateway.gatewayId}`,
        username: gateway.gatewayId,
        password: gateway.secret,
        reconnectPeriod: 0,
      }),
    ),
  );
  // Payloads are built before the clock starts: the publishers measure the server, not JSON.
  const payloads = plan.gateways.map((gateway) =>
    Array.from({ length: plan.messagesPerGateway }, (_, message) => {
      const readings = Array.from({ length: plan.readingsPerMessage }, (_, offset) => {
        const sequence = message * plan.readingsPerMessage + offset;
        const deviceId = gateway.devices[sequence % gateway.devices.length] ?? '';
        const round = Math.floor(sequence / gateway.devices.length);
        return {
          deviceId,
          ts: new Date(plan.startMs + round * 1000).toISOString(),
          data: { t: 4 + (sequence % 17) / 10, h: 40 + (sequence % 9), b: 90, m: 3, Node_Type: 1 },
        };
      });
      return Buffer.from(JSON.stringify({ readings }));
    }),
  );
  const started = performance.now();
  await Promise.all(
    plan.gateways.map(async (gateway, index) => {
      const client = clients[index];
      const messages = payloads[index] ?? [];
      if (!client) return;
      let next = 0;
      const worker = async () => {
        while (next < messages.length) {
          const payload = messages[next++];
          if (payload) await client.publishAsync(topics.up(gateway.gatewayId), payload, { qos: 1 });
        }
      };
      await Promise.all(Array.from({ length: plan.window }, worker));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((client) => client.endAsync()));
  return {
    readings: plan.gateways.length * plan.messagesPerGateway * plan.readingsPerMessage,
    seconds,
  };
}

function runPublisher(plan: Plan): Promise<PublisherResult> {
  const child = fork(fileURLToPath(import.meta.url), ['publisher'], {
    execArgv: ['--import', 'tsx'],
  });
  child.send(plan);
  return new Promise((resolve, reject) => {
    child.once('message', (result) => {
      resolve(result as PublisherResult);
    });
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`publisher exited ${String(code)}`));
    });
  });
}

async function seed(db: Db) {
  const [account] = await db
    .insert(accounts)
    .values({ companyName: 'Bench Lab', email: 'bench@example.test' })
    .returning();
  if (!account) throw new Error('no account');
  const secret = hex(16);
  const secretHash = await hashPassword(secret);
  const planned: Plan['gateways'] = [];
  for (let g = 0; g < settings.gateways; g += 1) {
    const gatewayId = `bench-gw-${g}-${hex(3)}`;
    const [gateway] = await db
      .insert(gateways)
      .values({ accountId: account.id, gatewayId, name: gatewayId, secretHash })
      .returning({ id: gateways.id });
    const addresses = Array.from({ length: settings.devicesPerGateway }, deviceAddress);
    await db.insert(devices).values(
      addresses.map((deviceId, index) => ({
        accountId: account.id,
        deviceId,
        name: `Bench ${g}.${index}`,
        gatewayId: gateway?.id ?? null,
      })),
    );
    planned.push({ gatewayId, secret, devices: addresses });
  }
  return { accountId: account.id, gateways: planned };
}

/** `count` enabled alarms over the account's devices, thresholds the bench's readings stay inside. */
async function seedAlarms(db: Db, accountId: string, count: number) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from devices where account_id = ${accountId} and gateway_id is not null order by id`,
  );
  const values = Array.from({ length: count }, (_, index) => ({
    accountId,
    deviceId: rows[index % rows.length]?.id ?? '',
    name: `Bench alarm ${index}`,
    tempEnabled: true,
    minTemp: -20 + (index % 10),
    maxTemp: 30,
    humidityEnabled: true,
    minHumidity: 10,
    maxHumidity: 90,
  }));
  for (let start = 0; start < values.length; start += 500) {
    await db.insert(alarms).values(values.slice(start, start + 500));
  }
}

/** The ceiling: plain batched inserts of the same columns into the same table, one statement per batch. */
async function ceiling(db: Db, accountId: string, total: number): Promise<number> {
  const ids = await queryRows<{ id: string }>(
    db,
    sql`insert into devices (account_id, device_id, name)
        select ${accountId}, 'ce:' || lpad(to_hex(i), 8, '0'), 'ceiling ' || i from generate_series(1, 200) i
        returning id`,
  );
  const started = performance.now();
  const startMs = Date.now() - 86_400_000;
  for (let done = 0; done < total; done += settings.ceilingBatch) {
    const n = Math.min(settings.ceilingBatch, total - done);
    const device = Array.from({ length: n }, (_, i) => ids[(done + i) % ids.length]?.id ?? '');
    const ts = Array.from({ length: n }, (_, i) =>
      new Date(startMs + Math.floor((done + i) / ids.length) * 1000).toISOString(),
    );
    const t = Array.from({ length: n }, (_, i) => 4 + ((done + i) % 17) / 10);
    const h = Array.from({ length: n }, (_, i) => 40 + ((done + i) % 9));
    const b = Array.from({ length: n }, () => 90);
    const m = Array.from({ length: n }, () => 3);
    await db.execute(sql`insert into readings (device_id, ts, t, h, b, m, node_type)
      select d, ts, t, h, b, m, 1 from unnest(${sql.param(device)}::uuid[], ${sql.param(ts)}::timestamptz[],
        ${sql.param(t)}::real[], ${sql.param(h)}::real[], ${sql.param(b)}::real[], ${sql.param(m)}::int2[])
        as u(d, ts, t, h, b, m)
      on conflict do nothing`);
  }
  return total / ((performance.now() - started) / 1000);
}

async function verify(db: Db, expected: number, deviceIds: string[]) {
  const [row] = await queryRows<{
    readings: string | number;
    rolled: string | number;
    fresh: string | number;
  }>(
    db,
    sql`select
      (select count(*) from readings r join devices d on d.id = r.device_id where d.device_id = any(${sql.param(deviceIds)}::text[])) as readings,
      (select sum(count) from reading_rollups_1m r join devices d on d.id = r.device_id
        where d.device_id = any(${sql.param(deviceIds)}::text[]) and r.metric = 't') as rolled,
      (select count(*) from devices where device_id = any(${sql.param(deviceIds)}::text[]) and latest_ts is not null) as fresh`,
  );
  const counts = {
    readings: Number(row?.readings),
    rolled: Number(row?.rolled),
    fresh: Number(row?.fresh),
  };
  if (
    counts.readings !== expected ||
    counts.rolled !== expected ||
    counts.fresh !== deviceIds.length
  ) {
    throw new Error(`verification failed: ${JSON.stringify({ expected, ...counts })}`);
  }
  return counts;
}

/** How the batch writer batched: how many batches, their mean size and mean write time. */
async function batchFigures(registry: Registry) {
  const metrics = await registry.getMetricsAsJSON();
  const sample = (name: string, suffix: string) =>
    metrics
      .find((metric) => metric.name === name)
      ?.values.find((value) => (value as { metricName?: string }).metricName === `${name}${suffix}`)
      ?.value ?? 0;
  const count = sample('vigil_ingest_batch_readings', '_count');
  return {
    count,
    meanReadings: Math.round(sample('vigil_ingest_batch_readings', '_sum') / Math.max(1, count)),
    meanWriteMs: Math.round(
      (sample('vigil_ingest_batch_seconds', '_sum') / Math.max(1, count)) * 1000,
    ),
    busySeconds: Number(sample('vigil_ingest_batch_seconds', '_sum').toFixed(2)),
  };
}

async function runOn(kind: 'postgres' | 'pglite', alarmCount = 0) {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-'));
  let database: Database;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const admin = new URL(process.env.DATABASE_URL ?? '');
    const name = `vigil_bench_${hex(4)}`;
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: admin.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  } else {
    database = await openDatabase({ dataDir });
  }
  const { accountId, gateways: planned } = await seed(database.db);
  if (alarmCount > 0) await seedAlarms(database.db, accountId, alarmCount);
  const total = settings.readings;
  const ceilingPerSecond = await ceiling(database.db, accountId, total);

  const config = loadConfig({
    DATA_DIR: dataDir,
    ROLES: 'broker,ingest',
    MQTT_PORT: '0',
    LOG_LEVEL: 'warn',
    JWT_SECRET: hex(32),
    INGEST_BATCH_SIZE: settings.batchSize,
    INGEST_FLUSH_MS: settings.flushMs,
  });
  const runtime = await createRuntime(config, pino({ level: 'warn' }), database);
  await runtime.listen();
  const rssBefore = process.memoryUsage().rss;
  const cpuBefore = process.cpuUsage();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 100);
  const messagesPerGateway = Math.ceil(total / settings.gateways / settings.readingsPerMessage);
  const result = await runPublisher({
    url: runtime.mqttUrl ?? '',
    gateways: planned,
    messagesPerGateway,
    readingsPerMessage: settings.readingsPerMessage,
    window: settings.window,
    startMs: Date.now() - 3 * 3_600_000,
  });
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);
  const batches = await batchFigures(runtime.ingest.registry);
  const counts = await verify(
    database.db,
    result.readings,
    planned.flatMap((gateway) => gateway.devices),
  );
  // Every alarm saw the readings: each (alarm, metric) has its watermark stored.
  await runtime.ingest.alarms.flush();
  const [conditions] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from alarm_conditions`,
  );
  await runtime.close();
  if ((conditions?.n ?? 0) !== alarmCount * 2) {
    throw new Error(`alarm conditions ${String(conditions?.n)}, expected ${alarmCount * 2}`);
  }
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
  const perSecond = result.readings / result.seconds;
  return {
    database: kind,
    readings: result.readings,
    seconds: Number(result.seconds.toFixed(2)),
    readingsPerSecond: Math.round(perSecond),
    ceilingReadingsPerSecond: Math.round(ceilingPerSecond),
    ratioToCeiling: Number((perSecond / ceilingPerSecond).toFixed(3)),
    serverRssMb: { start: Math.round(rssBefore / 2 ** 20), peak: Math.round(rssPeak / 2 ** 20) },
    /** Share of one core the server process used (the publishers and PostgreSQL are other processes). */
    serverCpu: Number(((cpu.user + cpu.system) / 1e6 / result.seconds).toFixed(2)),
    batches,
    verified: counts,
  };
}

const targets = { postgres: 50_000, pglite: 20_000 } as const;

/** Each database without and with `settings.alarms` enabled alarms, in the same run. */
async function mainWithAlarms(kinds: ('postgres' | 'pglite')[]) {
  const results = [];
  for (const kind of kinds) {
    const best = { without: 0, with: 0 };
    const runs = [];
    for (let repeat = 0; repeat < settings.repeats; repeat += 1) {
      for (const alarmCount of [0, settings.alarms]) {
        process.stdout.write(`\n${kind}: ${settings.readings} readings, ${alarmCount} alarms...\n`);
        const result = await runOn(kind, alarmCount);
        runs.push({ alarms: alarmCount, ...result });
        const key = alarmCount === 0 ? 'without' : 'with';
        best[key] = Math.max(best[key], result.readingsPerSecond);
        process.stdout.write(`  ${result.readingsPerSecond} readings/s\n`);
      }
    }
    const ratio = Number((best.with / best.without).toFixed(3));
    process.stdout.write(
      [
        `  ${kind}: without alarms ${best.without} readings/s, with ${settings.alarms} alarms ${best.with} readings/s`,
        `  ratio ${ratio} (target >= 0.9): ${ratio >= 0.9 ? 'met' : 'NOT met'}`,
        '',
      ].join('\n'),
    );
    results.push({
      database: kind,
      withoutAlarms: best.without,
      withAlarms: best.with,
      ratio,
      runs,
    });
  }
  await writeResults('alarms-ingest', { settings, results });
}

async function main() {
  const available: ('postgres' | 'pglite')[] = process.env.DATABASE_URL
    ? ['postgres', 'pglite']
    : ['pglite'];
  // BENCH_DATABASES=postgres (or pglite) runs one of them, e.g. while tuning.
  const kinds = available.filter((kind) =>
    (process.env.BENCH_DATABASES ?? kind).split(',').includes(kind),
  );
  if (!process.env.DATABASE_URL) process.stdout.write('DATABASE_URL unset: PostgreSQL skipped\n');
  if (settings.alarms > 0) return mainWithAlarms(kinds);
  const results = [];
  for (const kind of kinds) {
    process.stdout.write(
      `\n${kind}: ${settings.readings} readings in messages of ${settings.readingsPerMessage}...\n`,
    );
    const result = await runOn(kind);
    results.push(result);
    const meets =
      result.readingsPerSecond >= targets[kind] &&
      (kind === 'pglite' || result.ratioToCeiling >= 0.5);
    process.stdout.write(
      [
        `  end to end (MQTT QoS 1 -> durable rows, rollups, device state): ${result.readingsPerSecond} readings/s`,
        `  ceiling (batched INSERT ... SELECT unnest):                     ${result.ceilingReadingsPerSecond} readings/s`,
        `  ratio to the ceiling: ${result.ratioToCeiling}`,
        `  server RSS: ${result.serverRssMb.start} MB at start, ${result.serverRssMb.peak} MB peak; server CPU ${result.serverCpu} cores`,
        `  batches: ${result.batches.count}, ${result.batches.meanReadings} readings and ${result.batches.meanWriteMs} ms each (${result.batches.busySeconds} s writing)`,
        `  target ${targets[kind]} readings/s${kind === 'postgres' ? ' and 50% of the ceiling' : ''}: ${meets ? 'met' : 'NOT met'}`,
        '',
      ].join('\n'),
    );
  }
  await writeResults('ingest', { settings, results });
}

if (process.argv[2] === 'publisher') {
  process.once('message', (plan) => {
    publish(plan as Plan).then(
      (result) => {
        process.send?.(result, () => process.exit(0));
      },
      (error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
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

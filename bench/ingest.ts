/**
 * `npm run bench:ingest`: end-to-end MQTT QoS 1 publish -> acknowledged durable readings through
 * the embedded broker and the real ingest path, with 200 and with 1,000 devices (BENCH_DEVICE_COUNTS),
 * then the time until their follow-up (rollups of every level, device state) is done too; against
 * the ceilings of the same database written directly over as many devices (ingest-ceilings.ts:
 * batched INSERT ... unnest, COPY into staging + INSERT ... ON CONFLICT, bare COPY), on PostgreSQL (DATABASE_URL;
 * a fresh database is created) and on PGlite. It reports the server's CPU and where a batch's
 * time goes (decode, write, and the follow-up's state, doors, alarms, rollups). Publishers run
 * in a child process so that the server's RSS and CPU are the server's alone.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { Registry } from 'prom-client';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/query.js';
import { accounts, alarms, devices, gateways } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/lib/secrets.js';
import { createRuntime } from '../apps/server/src/runtime.js';
import { checkpoint, freshPostgres } from './bench-database.js';
import { ceilings as measureCeilings } from './ingest-ceilings.js';
import { runPublisher, type Plan } from './ingest-publisher.js';
import { ingestCpu, perReading } from './ingest-cpu.js';
import { median } from './percentiles.js';
import { readResults, writeResults } from './results-file.js';

const settings = {
  readings: Number(process.env.BENCH_READINGS ?? 400_000),
  gateways: Number(process.env.BENCH_GATEWAYS ?? 8),
  /** Each run once with each number of devices, spread over the gateways. */
  deviceCounts: (process.env.BENCH_DEVICE_COUNTS ?? '200,1000').split(',').map(Number),
  readingsPerMessage: Number(process.env.BENCH_MESSAGE_READINGS ?? 100),
  window: Number(process.env.BENCH_WINDOW ?? 16),
  /** The server's own defaults (config.ts) unless set. */
  batchSize: process.env.INGEST_BATCH_SIZE ?? '2000',
  // Unset: the server's default (config.ts).
  flushMs: process.env.INGEST_FLUSH_MS,
  ceilingBatch: 2000,
  /**
   * BENCH_ALARMS=1000 (`npm run bench:alarms-ingest`): each database is measured without alarms
   * and with that many enabled alarms (temperature and humidity, spread over the devices, in
   * range: the engine's steady state), BENCH_REPEATS times each, best of each kept.
   */
  alarms: Number(process.env.BENCH_ALARMS ?? 0),
  /** Runs of each configuration: 3 for the device counts' medians, 1 (best of) for alarms. */
  repeats: Number(process.env.BENCH_REPEATS ?? (process.env.BENCH_ALARMS ? 1 : 3)),
};

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const deviceAddress = () =>
  [...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0')).join(':');

async function seed(db: Db, devicesPerGateway: number) {
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
    const addresses = Array.from({ length: devicesPerGateway }, deviceAddress);
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
  const stage = (name: string) => {
    const values =
      metrics.find((metric) => metric.name === 'vigil_ingest_stage_seconds')?.values ?? [];
    const of = (suffix: string) =>
      values.find(
        (value) =>
          (value as { metricName?: string }).metricName === `vigil_ingest_stage_seconds${suffix}` &&
          value.labels.stage === name,
      )?.value ?? 0;
    return { seconds: Number(of('_sum').toFixed(2)), count: of('_count') };
  };
  return {
    /**
     * Seconds spent per stage in all (decode per message; write per batch; state, doors, alarms
     * and rollups per follow-up round; rollups-apply per step of the rollup writer).
     */
    stages: Object.fromEntries(
      ['decode', 'write', 'state', 'doors', 'alarms', 'rollups', 'rollups-apply'].map((name) => [
        name,
        stage(name),
      ]),
    ),
    count,
    meanReadings: Math.round(sample('vigil_ingest_batch_readings', '_sum') / Math.max(1, count)),
    meanWriteMs: Math.round(
      (sample('vigil_ingest_batch_seconds', '_sum') / Math.max(1, count)) * 1000,
    ),
    busySeconds: Number(sample('vigil_ingest_batch_seconds', '_sum').toFixed(2)),
  };
}

async function runOn(kind: 'postgres' | 'pglite', alarmCount = 0, devices = 200) {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-'));
  let database: Database;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const fresh = await freshPostgres(process.env.DATABASE_URL ?? '', 'vigil_bench');
    database = fresh.database;
    dropDatabase = fresh.drop;
  } else {
    database = await openDatabase({ dataDir });
  }
  const { accountId, gateways: planned } = await seed(
    database.db,
    Math.ceil(devices / settings.gateways),
  );
  if (alarmCount > 0) await seedAlarms(database.db, accountId, alarmCount);
  const total = settings.readings;
  const ceiling = await measureCeilings(database, accountId, total, settings.ceilingBatch, devices);
  const ceilingPerSecond = ceiling.insert;

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
  await checkpoint(database.db);
  const rssBefore = process.memoryUsage().rss;
  const usage = ingestCpu(database);
  await usage.sample();
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
  // Acknowledged means durable; the rollups and device state follow: wait for them too.
  const published = performance.now();
  await runtime.ingest.followUp.idle();
  const followUpLagSeconds = (performance.now() - published) / 1000;
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);
  const used = await usage.sample();
  const batches = await batchFigures(runtime.ingest.registry);
  const counts = await verify(
    database.db,
    result.readings,
    planned.flatMap((gateway) => gateway.devices),
  );
  // Every alarm saw the readings: each (alarm, metric) has its watermark stored.
  await runtime.alarms.engine.flush();
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
    devices,
    readings: result.readings,
    seconds: Number(result.seconds.toFixed(2)),
    readingsPerSecond: Math.round(perSecond),
    /** After the last acknowledgement, until every rollup and device state was applied. */
    followUpLagSeconds: Number(followUpLagSeconds.toFixed(2)),
    ceilingReadingsPerSecond: Math.round(ceilingPerSecond),
    ceilings: {
      insertUnnest: Math.round(ceiling.insert),
      copyIntoStagingThenInsert: Math.round(ceiling.copyStaging),
      bareCopy: Math.round(ceiling.copy),
    },
    ratioToCeiling: Number((perSecond / ceilingPerSecond).toFixed(3)),
    ratioToCopyCeiling: Number((perSecond / ceiling.copy).toFixed(3)),
    serverRssMb: { start: Math.round(rssBefore / 2 ** 20), peak: Math.round(rssPeak / 2 ** 20) },
    /** Share of one core the server process used (the publishers and PostgreSQL are other processes). */
    serverCpu: Number(
      ((cpu.user + cpu.system) / 1e6 / (result.seconds + followUpLagSeconds)).toFixed(2),
    ),
    /**
     * CPU of everything per reading stored, in µs (while the machine's cores are all busy the
     * rate follows it): the server, PostgreSQL's backends of this database, the whole machine.
     */
    cpuMicrosPerReading: perReading(used, result.readings),
    batches,
    load: loadavg().map((value) => Number(value.toFixed(2))),
    verified: counts,
  };
}

type Entry = Record<string, unknown>;

/** Entries of bench/results/ingest.json for the databases not measured now. */
async function previousResults(
  measured: string[],
): Promise<{ results: Entry[]; comparisons: Entry[] }> {
  const previous = await readResults<{ at: string; results: Entry[]; comparisons: Entry[] }>(
    'ingest',
  );
  const kept = (entries: Entry[] = []) =>
    entries
      .filter((entry) => !measured.includes(String(entry.database)))
      .map((entry) => ({ measuredAt: previous.at, ...entry }));
  return { results: kept(previous.results), comparisons: kept(previous.comparisons) };
}

const targets = {
  postgres: { rate: 50_000, ratio: 0.6 },
  pglite: { rate: 20_000, ratio: 0.4 },
} as const;

function report(kind: 'postgres' | 'pglite', result: Awaited<ReturnType<typeof runOn>>) {
  const target = targets[kind];
  const meets = result.readingsPerSecond >= target.rate && result.ratioToCeiling >= target.ratio;
  const stages = Object.entries(result.batches.stages)
    .map(([name, stage]) => `${name} ${stage.seconds} s`)
    .join(', ');
  process.stdout.write(
    [
      `  end to end (MQTT QoS 1 -> acknowledged, durable): ${result.readingsPerSecond} readings/s; follow-up (rollups, state) done ${result.followUpLagSeconds} s after the last`,
      `  ceilings: INSERT ... unnest ${result.ceilings.insertUnnest}/s, COPY to staging + INSERT ${result.ceilings.copyIntoStagingThenInsert}/s, bare COPY ${result.ceilings.bareCopy}/s`,
      `  ratio to the INSERT ceiling: ${result.ratioToCeiling}; to the bare COPY: ${result.ratioToCopyCeiling}`,
      `  server RSS: ${result.serverRssMb.start} MB at start, ${result.serverRssMb.peak} MB peak; server CPU ${result.serverCpu} cores; load ${result.load.join(' ')}`,
      `  CPU per reading: server ${result.cpuMicrosPerReading.server} µs${kind === 'postgres' ? `, PostgreSQL ${result.cpuMicrosPerReading.postgres} µs` : ' (PGlite thread included)'}, the whole machine ${result.cpuMicrosPerReading.machine} µs`,
      `  batches: ${result.batches.count}, ${result.batches.meanReadings} readings and ${result.batches.meanWriteMs} ms each; time by stage: ${stages}`,
      `  target ${target.rate} readings/s and ${target.ratio} of the INSERT ceiling: ${meets ? 'met' : 'NOT met'}`,
      '',
    ].join('\n'),
  );
}

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

/**
 * Each number of devices BENCH_REPEATS times, the order reversed every other repeat (200, 1000,
 * 1000, 200, ...) so that a machine that slows or speeds up during the runs favours neither; on
 * two shared cores one run's ratio swings by a quarter, so "no worse with more devices" is
 * judged on the medians, every run printed beside them.
 */
async function compareDeviceCounts(kind: 'postgres' | 'pglite') {
  const results = [];
  const ratios = new Map<number, number[]>(settings.deviceCounts.map((count) => [count, []]));
  for (let repeat = 0; repeat < settings.repeats; repeat += 1) {
    const order = repeat % 2 === 0 ? settings.deviceCounts : [...settings.deviceCounts].reverse();
    for (const devices of order) {
      process.stdout.write(
        `\n${kind}, ${devices} devices: ${settings.readings} readings in messages of ${settings.readingsPerMessage}...\n`,
      );
      const result = await runOn(kind, 0, devices);
      results.push(result);
      ratios.get(devices)?.push(result.ratioToCeiling);
      report(kind, result);
    }
  }
  const medians = settings.deviceCounts.map((count) =>
    Number(median(ratios.get(count) ?? []).toFixed(3)),
  );
  const [first = 0, ...others] = medians;
  const noWorse = others.every((ratio) => ratio >= first * 0.95);
  const runs = settings.deviceCounts.map((count) => `${count}: ${ratios.get(count)?.join(', ')}`);
  process.stdout.write(
    [
      `  ${kind}: median ratio with ${settings.deviceCounts.join(' / ')} devices ${medians.join(' / ')} (runs ${runs.join('; ')})`,
      `  no worse with more devices (median within 5 %): ${noWorse ? 'met' : 'NOT met'}`,
      '',
    ].join('\n'),
  );
  const comparison = {
    database: kind,
    medianRatio: Object.fromEntries(settings.deviceCounts.map((count, i) => [count, medians[i]])),
    ratios: Object.fromEntries(ratios),
    noWorse,
  };
  return { results, comparison };
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
  const comparisons = [];
  for (const kind of kinds) {
    const compared = await compareDeviceCounts(kind);
    results.push(...compared.results);
    comparisons.push(compared.comparison);
  }
  // The other database's figures, from its last run, stay beside these (each with its time).
  const kept = await previousResults(kinds);
  await writeResults('ingest', {
    settings,
    comparisons: [...kept.comparisons, ...comparisons],
    results: [...kept.results, ...results],
  });
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

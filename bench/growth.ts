/**
 * `npm run bench:growth` (PostgreSQL: DATABASE_URL; a fresh database is created and dropped):
 * how ingest and charts hold up as `readings` grows. The table is filled to each size of
 * BENCH_SIZES (0, 10M and 100M rows) with BENCH_SEED_DEVICES (1,000) devices reporting every
 * minute, day by day back from today, interleaved as ingest writes them, with their rollups
 * (history-seed.ts); at each size it measures end-to-end ingest (MQTT QoS 1 -> acknowledged,
 * BENCH_READINGS readings from 200 other devices) against the same-run INSERT ceiling, and the
 * chart p95 of one seeded device for 24 h, 7 d and the whole seeded span. At the largest size
 * it runs one retention pass that drops the oldest month: how long it takes and what it drops.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/query.js';
import { devices, gateways } from '../apps/server/src/db/schema/index.js';
import { purgeExpired } from '../apps/server/src/modules/readings/maintenance.js';
import { hashPassword } from '../apps/server/src/lib/secrets.js';
import { graphOf } from '../apps/server/src/modules/readings/history.js';
import { ensurePartitions } from '../apps/server/src/modules/readings/partitions.js';
import { createRuntime } from '../apps/server/src/runtime.js';
import { freshPostgres } from './bench-database.js';
import { seedDay } from './history-seed.js';
import { ceiling } from './ingest-ceilings.js';
import { runPublisher } from './ingest-publisher.js';
import { writeResults } from './results-file.js';

const day = 86_400_000;
const settings = {
  sizes: (process.env.BENCH_SIZES ?? '0,10000000,100000000').split(',').map(Number),
  seedDevices: Number(process.env.BENCH_SEED_DEVICES ?? 1000),
  readings: Number(process.env.BENCH_READINGS ?? 100_000),
  iterations: Number(process.env.BENCH_ITERATIONS ?? 20),
};

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const address = () => [...randomBytes(6)].map((b) => b.toString(16).padStart(2, '0')).join(':');

/** The account, the seeded devices (no gateway) and 8 gateways of 25 devices for the ingest runs. */
async function setUp(database: Database) {
  const db = database.db;
  const [account] = await queryRows<{ id: string }>(
    db,
    sql`insert into accounts (company_name, email) values ('Growth Lab', 'growth@bench.example') returning id`,
  );
  const accountId = account?.id ?? '';
  const seeded = await queryRows<{ id: string }>(
    db,
    sql`insert into devices (account_id, device_id, name)
      select ${accountId}::uuid, 'gr:' || lpad(to_hex(i), 8, '0'), 'Seeded ' || i
      from generate_series(1, ${settings.seedDevices}) i order by i returning id`,
  );
  const secret = hex(16);
  const secretHash = await hashPassword(secret);
  const planned = [];
  for (let g = 0; g < 8; g += 1) {
    const gatewayId = `growth-gw-${String(g)}-${hex(3)}`;
    const [gateway] = await db
      .insert(gateways)
      .values({ accountId, gatewayId, name: gatewayId, secretHash })
      .returning({ id: gateways.id });
    const addresses = Array.from({ length: 25 }, address);
    await db.insert(devices).values(
      addresses.map((deviceId, index) => ({
        accountId,
        deviceId,
        name: `Ingest ${String(g)}.${String(index)}`,
        gatewayId: gateway?.id ?? null,
      })),
    );
    planned.push({ gatewayId, secret, devices: addresses });
  }
  return { accountId, seededIds: seeded.map((row) => row.id), planned };
}

const p95 = (samples: number[]) =>
  Math.round(
    ([...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1] ?? 0) * 100,
  ) / 100;

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('bench:growth runs on PostgreSQL: set DATABASE_URL');
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-growth-'));
  const { database, drop } = await freshPostgres(url, 'vigil_bench_growth');
  const { accountId, seededIds, planned } = await setUp(database);
  const config = loadConfig({
    DATA_DIR: dataDir,
    ROLES: 'broker,ingest',
    MQTT_PORT: '0',
    LOG_LEVEL: 'warn',
    JWT_SECRET: hex(32),
  });
  // The database outlives the runtime: the retention pass runs after it stopped.
  const runtime = await createRuntime(config, pino({ level: 'warn' }), {
    ...database,
    close: () => Promise.resolve(),
  });
  await runtime.listen();
  const perDay = settings.seedDevices * 1440;
  const today = Math.floor(Date.now() / day) * day;
  let seededDays = 0;
  const steps = [];
  for (const [index, size] of settings.sizes.entries()) {
    const days = Math.ceil(size / perDay);
    if (days > seededDays) {
      await ensurePartitions(database.db, today - days * day, Date.now());
      const started = performance.now();
      for (; seededDays < days; seededDays += 1) {
        await seedDay(database.db, seededIds, new Date(today - (seededDays + 1) * day), 1);
      }
      await database.db.execute(sql`vacuum analyze`);
      process.stdout.write(
        `seeded ${String(seededDays * perDay)} rows in ${String(Math.round((performance.now() - started) / 1000))} s\n`,
      );
    }
    const insertCeiling = await ceiling(database, accountId, 'insert', settings.readings, 2000);
    const published = await runPublisher({
      url: runtime.mqttUrl ?? '',
      gateways: planned,
      messagesPerGateway: Math.ceil(settings.readings / 8 / 100),
      readingsPerMessage: 100,
      window: 16,
      startMs: Date.now() - (index + 1) * 3_600_000,
    });
    await runtime.ingest.followUp.idle();
    const rate = published.readings / published.seconds;
    const device = seededIds[Math.floor(seededIds.length / 2)] ?? '';
    const charts: Record<string, number> = {};
    for (const [name, ms] of [
      ['24h', day],
      ['7d', 7 * day],
      ['all', Math.max(seededDays, 1) * day],
    ] as const) {
      const range = { from: new Date(today - ms), to: new Date(today), timezone: 'UTC' };
      const samples: number[] = [];
      for (let i = 0; i < settings.iterations; i += 1) {
        const started = performance.now();
        await graphOf(database.db, device, range, { now: new Date(), rawRetentionDays: 400 });
        samples.push(performance.now() - started);
      }
      charts[name] = p95(samples);
    }
    const step = {
      rows: seededDays * perDay,
      readingsPerSecond: Math.round(rate),
      insertCeiling: Math.round(insertCeiling),
      ratioToCeiling: Number((rate / insertCeiling).toFixed(3)),
      chartP95Ms: charts,
      load: loadavg().map((value) => Number(value.toFixed(2))),
    };
    steps.push(step);
    process.stdout.write(
      `  ${String(step.rows)} rows: ingest ${String(step.readingsPerSecond)} readings/s (INSERT ceiling ${String(step.insertCeiling)}/s, ratio ${String(step.ratioToCeiling)}); chart p95 24h ${String(charts['24h'])} ms, 7d ${String(charts['7d'])} ms, all ${String(charts.all)} ms; load ${step.load.join(' ')}\n`,
    );
  }
  await runtime.close();
  // One retention pass at the largest size: every month that ended before the oldest full one goes.
  const retentionDays = Math.max(1, seededDays - 31);
  const started = performance.now();
  const retention = await purgeExpired(
    database.db,
    { rawDays: retentionDays, rollups: { '1m': retentionDays } },
    Date.now(),
  );
  const retentionSeconds = Number(((performance.now() - started) / 1000).toFixed(2));
  process.stdout.write(
    `retention pass (${String(retentionDays)} days) at ${String(seededDays * perDay)} rows: ${String(retentionSeconds)} s, dropped ${retention.dropped.join(', ') || 'nothing'}, ${String(retention.deleted)} rows deleted, rollups ${JSON.stringify(retention.rollups)}\n`,
  );
  await database.close();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
  await writeResults('growth', {
    settings,
    steps,
    retention: { ...retention, retentionDays, seconds: retentionSeconds },
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

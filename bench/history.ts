/**
 * `npm run bench:history`: history chart queries over a year of 1-minute readings.
 *
 * Seeds one device with 525,600 readings (generate_series, straight into `readings`),
 * builds its rollups with `rebuildRollups`, then times 1 h, 24 h, 7 d and 1 y charts
 * through the history service and once more through HTTP (`app.inject`), next to a plain
 * query of the raw table over the same range (`select ts, t from readings ...`), the
 * ceiling a chart without rollups would pay. PGlite by default; PostgreSQL with
 * DATABASE_URL (a fresh database is created and dropped). Results go to
 * bench/results/history.json, one entry per database kind.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/query.js';
import { devices, readings } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/lib/secrets.js';
import * as accountsRepo from '../apps/server/src/modules/accounts/repo.js';
import { graphOf } from '../apps/server/src/modules/readings/history.js';
import { rebuildRollups } from '../apps/server/src/modules/readings/rollups-rebuild.js';
import * as usersRepo from '../apps/server/src/modules/users/repo.js';
import { createRuntime } from '../apps/server/src/runtime.js';

const minute = 60_000;
const day = 24 * 60 * minute;
const yearOfMinutes = 525_600;
const iterations = Number(process.env.BENCH_ITERATIONS ?? 50);
const ranges = [
  { name: '1h', ms: 60 * minute },
  { name: '24h', ms: day },
  { name: '7d', ms: 7 * day },
  { name: '1y', ms: 365 * day },
];
const resultsFile = join(dirname(fileURLToPath(import.meta.url)), 'results', 'history.json');

const round = (value: number) => Math.round(value * 100) / 100;
function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
}

async function timed(times: number, run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** A fresh database: PostgreSQL (created here) with DATABASE_URL, else PGlite in a temp dir. */
async function freshDatabase(
  workDir: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: workDir });
    return { database, drop: () => database.close().catch(() => undefined) };
  }
  const name = `vigil_bench_history_${randomBytes(4).toString('hex')}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  return {
    database,
    drop: async () => {
      // The runtime closes the pool when it stops; closing again is harmless.
      await database.close().catch(() => undefined);
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}

/** An account, its owner (who signs in for the HTTP calls) and one device with a year of minutes. */
async function seed(db: Db, end: Date) {
  const email = 'bench-owner@bench.example';
  const account = await accountsRepo.insertAccount(db, {
    companyName: 'Bench Laboratory',
    email,
    countryCode: '+44',
    phoneNumber: '2070000000',
  });
  await usersRepo.insertUser(db, {
    accountId: account.id,
    parentId: null,
    name: 'Bench Owner',
    email,
    passwordHash: await hashPassword('bench-password'),
    role: 'super_user',
    isActivated: true,
    emailConfirmedAt: new Date(),
  });
  const [device] = await db
    .insert(devices)
    .values({ accountId: account.id, deviceId: 'be:nc:h0:00:00:01', name: 'Bench Freezer' })
    .returning({ id: devices.id });
  if (!device) throw new Error('device insert returned nothing');
  const from = new Date(end.getTime() - (yearOfMinutes - 1) * minute);
  const started = performance.now();
  // A month per statement keeps PGlite's memory small.
  for (let offset = 0; offset < yearOfMinutes; offset += 43_800) {
    const last = Math.min(yearOfMinutes, offset + 43_800) - 1;
    await db.execute(sql`
      insert into ${readings} (device_id, ts, t, h, b)
      select ${device.id}::uuid, ${from}::timestamptz + make_interval(mins => i),
        (-80 + 1.5 * sin(i / 720.0) + random() * 0.2)::real, (45 + 5 * sin(i / 1440.0))::real,
        (100 - i / 10000.0)::real
      from generate_series(${offset}::int, ${last}::int) as i`);
  }
  const inserted = performance.now();
  await rebuildRollups(db, device.id, from, end);
  // Planner statistics, as PostgreSQL's autovacuum gathers them after a bulk load (PGlite has
  // no autovacuum: without them it sorts where it could hash, about 1.5x slower here).
  await db.execute(sql`analyze`);
  const rolled = performance.now();
  return {
    email,
    deviceId: device.id,
    from,
    seedSeconds: round((inserted - started) / 1000),
    rollupSeconds: round((rolled - inserted) / 1000),
  };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** The API on the bench database, signed in as the device's owner. */
async function signedInApp(database: Database, workDir: string, email: string) {
  const config = loadConfig({
    DATA_DIR: workDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ROLES: 'api',
    WEB_DIR: '',
  });
  const runtime = await createRuntime(config, pino({ level: 'silent' }), database);
  const app = runtime.app;
  if (!app) throw new Error('no api role');
  await app.ready();
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { email, password: 'bench-password' },
  });
  const { jwt } = signIn.json<{ data: { jwt: string } }>().data;
  return { runtime, app, headers: { authorization: `Bearer ${jwt}` } };
}

/** One range: the service, the same over HTTP, and the plain raw-table query. */
async function measureRange(
  db: Db,
  seeded: Seeded,
  api: Awaited<ReturnType<typeof signedInApp>>,
  range: { name: string; ms: number },
  end: Date,
) {
  const to = end;
  const from = new Date(end.getTime() - range.ms);
  const timezone = 'Europe/Vaduz';
  const graph = () =>
    graphOf(
      db,
      seeded.deviceId,
      { from, to, timezone },
      { now: new Date(), rawRetentionDays: 400 },
    );
  const rawQuery = () =>
    queryRows(
      db,
      sql`select ts, t from ${readings}
        where device_id = ${seeded.deviceId} and ts between ${from} and ${to}`,
    );
  const sample = await graph();
  await timed(5, graph);
  const service = await timed(iterations, graph);
  await timed(2, rawQuery);
  const raw = await timed(range.ms > 30 * day ? Math.min(10, iterations) : iterations, rawQuery);
  const url = `/api/device/${seeded.deviceId}/graph?from=${from.toISOString()}&to=${to.toISOString()}&timezone=${timezone}`;
  const http = await timed(Math.min(10, iterations), async () => {
    const response = await api.app.inject({ method: 'GET', url, headers: api.headers });
    if (response.statusCode !== 200) throw new Error(`graph over HTTP: ${response.statusCode}`);
  });
  return {
    range: range.name,
    bucket: sample.bucket,
    points: sample.points.length,
    serviceP50Ms: percentile(service, 50),
    serviceP95Ms: percentile(service, 95),
    httpP50Ms: percentile(http, 50),
    httpP95Ms: percentile(http, 95),
    rawTableP50Ms: percentile(raw, 50),
    rawTableP95Ms: percentile(raw, 95),
    rawTableRows: (await rawQuery()).length,
    /** Our chart's p50 over the plain raw-table query's p50: below 1 is faster. */
    ratioToRawTable: round(percentile(service, 50) / Math.max(0.01, percentile(raw, 50))),
  };
}

const targets = { '24h': 20, '1y': 20 };

/** Keeps the other database kind's figures: the file holds one entry per kind. */
async function writeResults(kind: string, seeded: Seeded, results: Record<string, unknown>[]) {
  const met = results
    .filter((entry) => String(entry.range) in targets)
    .every((entry) => Number(entry.serviceP95Ms) < targets[entry.range as keyof typeof targets]);
  const previous = JSON.parse(await readFile(resultsFile, 'utf8').catch(() => '{}')) as Record<
    string,
    unknown
  >;
  previous[kind] = {
    measuredAt: new Date().toISOString(),
    machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version },
    readings: yearOfMinutes,
    seedSeconds: seeded.seedSeconds,
    rollupSeconds: seeded.rollupSeconds,
    iterations,
    targetP95Ms: targets,
    targetsMet: met,
    ranges: results,
  };
  await mkdir(dirname(resultsFile), { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(previous, null, 2)}\n`);
  console.log(
    `targets (p95 < 20 ms for 24h and 1y) ${met ? 'met' : 'NOT met'}; wrote ${resultsFile}`,
  );
}

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'vigil-bench-history-'));
  const { database, drop } = await freshDatabase(workDir);
  const end = new Date(Math.floor(Date.now() / minute) * minute);
  console.log(`bench:history on ${database.kind}: seeding ${yearOfMinutes} readings...`);
  const seeded = await seed(database.db, end);
  console.log(`seeded in ${seeded.seedSeconds} s, rollups rebuilt in ${seeded.rollupSeconds} s`);
  const api = await signedInApp(database, workDir, seeded.email);
  const results = [];
  for (const range of ranges) {
    const entry = await measureRange(database.db, seeded, api, range, end);
    results.push(entry);
    console.log(
      `${range.name.padEnd(4)} ${entry.bucket.padEnd(4)} ${String(entry.points).padStart(5)} points | service p50 ${entry.serviceP50Ms} ms p95 ${entry.serviceP95Ms} ms | http p50 ${entry.httpP50Ms} ms | raw table p50 ${entry.rawTableP50Ms} ms (${entry.rawTableRows} rows) | ratio ${entry.ratioToRawTable}`,
    );
  }
  await api.runtime.close();
  await drop();
  await rm(workDir, { recursive: true, force: true });
  await writeResults(database.kind, seeded, results);
}

await main();

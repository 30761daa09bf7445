/**
 * `npm run bench:history`: history charts of one device among BENCH_DEVICES (100) reporting
 * every minute for BENCH_DAYS (365), written interleaved in time as ingest writes them
 * (history-seed.ts). For 1 h, 24 h, 7 d, 30 d and 1 y it times the chart through the history
 * service and over HTTP (`app.inject`), counts the database pages one chart reads (table and
 * index blocks, from pg_statio), checks that no plan scans a readings partition, and compares
 * with the ceiling a chart without rollups would pay: a plain query of the raw rows of the same
 * range (`select ts, t from readings ...`), its time and pages too. PGlite by default;
 * PostgreSQL with DATABASE_URL (a fresh database is created and dropped). Results go to
 * bench/results/history.json, one entry per database kind.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/query.js';
import { readings } from '../apps/server/src/db/schema/index.js';
import { graphOf } from '../apps/server/src/modules/readings/history.js';
import { createRuntime } from '../apps/server/src/runtime.js';

import { freshPostgres } from './bench-database.js';
import { seedHistory, type Seeded } from './history-seed.js';
import { readResults, resultsFile } from './results-file.js';

const minute = 60_000;
const day = 24 * 60 * minute;
const settings = {
  devices: Number(process.env.BENCH_DEVICES ?? 100),
  days: Number(process.env.BENCH_DAYS ?? 365),
  stepMinutes: Number(process.env.BENCH_STEP_MINUTES ?? 1),
  iterations: Number(process.env.BENCH_ITERATIONS ?? 50),
};
const ranges = [
  { name: '1h', ms: 60 * minute },
  { name: '24h', ms: day },
  { name: '7d', ms: 7 * day },
  { name: '30d', ms: 30 * day },
  { name: '1y', ms: 365 * day },
];
const targetP95Ms = 20;
/** Charts of every range drawn before any is measured. */
const warmUpCharts = 30;
const historyFile = resultsFile('history');

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
  // One connection: the pages a chart reads are counted on the connection that read them.
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const { database, drop } = await freshPostgres(admin.toString(), 'vigil_bench_history', 1);
  return {
    database,
    drop: async () => {
      // The runtime closes the pool when it stops; closing again is harmless.
      await database.close().catch(() => undefined);
      await drop();
    },
  };
}

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

/** Table and index pages read (from memory or disk) by what `run` does, on this one connection. */
async function pagesRead(db: Db, run: () => Promise<unknown>): Promise<number> {
  const total = async () => {
    await db.execute(sql`select pg_stat_force_next_flush()`);
    const [row] = await queryRows<{ n: string | number }>(
      db,
      sql`select coalesce(sum(coalesce(heap_blks_hit, 0) + coalesce(heap_blks_read, 0)
          + coalesce(idx_blks_hit, 0) + coalesce(idx_blks_read, 0)), 0) as n
        from pg_statio_user_tables where relname like 'reading%'`,
    );
    return Number(row?.n ?? 0);
  };
  const before = await total();
  await run();
  return (await total()) - before;
}

/** Whether the plan of the raw rows of a range scans a readings table instead of its key. */
async function scansTable(db: Db, deviceId: string, from: Date, to: Date): Promise<boolean> {
  const rows = await queryRows<Record<string, string>>(
    db,
    sql`explain select ts, backfilled, t from ${readings}
      where device_id = ${deviceId} and ts >= ${from} and ts <= ${to} order by ts`,
  );
  return rows.some((row) => Object.values(row).some((line) => line.includes('Seq Scan')));
}

/** One range: the service, the same over HTTP, and the plain raw-table query; times and pages. */
async function measureRange(
  db: Db,
  deviceId: string,
  api: Awaited<ReturnType<typeof signedInApp>>,
  range: { name: string; ms: number },
  end: Date,
) {
  const to = end;
  const from = new Date(end.getTime() - range.ms);
  const timezone = 'Europe/Vaduz';
  const graph = () =>
    graphOf(db, deviceId, { from, to, timezone }, { now: new Date(), rawRetentionDays: 400 });
  const rawQuery = () =>
    queryRows(
      db,
      sql`select ts, t from ${readings} where device_id = ${deviceId} and ts between ${from} and ${to}`,
    );
  const sample = await graph();
  await timed(5, graph);
  const service = await timed(settings.iterations, graph);
  await timed(2, rawQuery);
  const raw = await timed(
    range.ms > 30 * day ? Math.min(10, settings.iterations) : settings.iterations,
    rawQuery,
  );
  const url = `/api/device/${deviceId}/graph?from=${from.toISOString()}&to=${to.toISOString()}&timezone=${timezone}`;
  const http = await timed(Math.min(10, settings.iterations), async () => {
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
    pages: await pagesRead(db, graph),
    rawTableP50Ms: percentile(raw, 50),
    rawTableP95Ms: percentile(raw, 95),
    rawTablePages: await pagesRead(db, rawQuery),
    rawTableRows: (await rawQuery()).length,
    rawPlanScansTable: await scansTable(db, deviceId, from, to),
    /** Our chart's p50 over the plain raw-table query's p50: below 1 is faster. */
    ratioToRawTable: round(percentile(service, 50) / Math.max(0.01, percentile(raw, 50))),
  };
}

/** Keeps the other database kind's figures: the file holds one entry per kind. */
async function writeResults(kind: string, seeded: Seeded, results: Record<string, unknown>[]) {
  const met = results.every((entry) => Number(entry.serviceP95Ms) < targetP95Ms);
  const previous: Record<string, unknown> = await readResults<Record<string, unknown>>('history');
  previous[kind] = {
    measuredAt: new Date().toISOString(),
    machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version },
    load: loadavg().map((value) => round(value)),
    settings,
    readings: seeded.readings,
    seedSeconds: seeded.seedSeconds,
    targetP95Ms,
    targetsMet: met,
    ranges: results,
  };
  await mkdir(dirname(historyFile), { recursive: true });
  await writeFile(historyFile, `${JSON.stringify(previous, null, 2)}\n`);
  console.log(
    `target (p95 < ${targetP95Ms} ms for every range) ${met ? 'met' : 'NOT met'}; load ${loadavg().map(round).join(' ')}; wrote ${historyFile}`,
  );
}

/**
 * The seeded data: with BENCH_KEEP_DIR (PGlite only) seeded into that directory and kept, and
 * reused by a later run with the same settings (seeding a year of 100 devices takes about 20
 * minutes on PGlite), else seeded afresh into `workDir`.
 */
async function seeded(database: Database, keepDir: string | undefined) {
  const marker = keepDir && join(keepDir, 'seeded.json');
  if (marker) {
    const kept = JSON.parse(await readFile(marker, 'utf8').catch(() => 'null')) as
      (Seeded & { settings: typeof settings; end: string }) | null;
    const same =
      kept &&
      (['devices', 'days', 'stepMinutes'] as const).every(
        (key) => kept.settings[key] === settings[key],
      );
    if (kept && same) {
      console.log(`reusing the data seeded in ${keepDir} (${kept.seedSeconds} s to seed)`);
      return { seeded: kept as Seeded, end: new Date(kept.end) };
    }
    if (kept) throw new Error(`${keepDir} holds data seeded with other settings`);
  }
  const end = new Date(Math.floor(Date.now() / minute) * minute);
  const total = settings.devices * settings.days * (1440 / settings.stepMinutes);
  console.log(
    `bench:history on ${database.kind}: ${settings.devices} devices every ${settings.stepMinutes} min for ${settings.days} days (${total} readings), interleaved...`,
  );
  const result = await seedHistory(database.db, { ...settings, end }, (line) => {
    console.log(line);
  });
  console.log(`seeded in ${result.seedSeconds} s`);
  if (marker) {
    await writeFile(marker, JSON.stringify({ ...result, settings, end: end.toISOString() }));
  }
  return { seeded: result, end };
}

async function main() {
  const keepDir = process.env.DATABASE_URL ? undefined : process.env.BENCH_KEEP_DIR;
  if (keepDir) await mkdir(keepDir, { recursive: true });
  const workDir = keepDir ?? (await mkdtemp(join(tmpdir(), 'vigil-bench-history-')));
  const { database, drop } = await freshDatabase(workDir);
  const { seeded: data, end } = await seeded(database, keepDir);
  const api = await signedInApp(database, workDir, data.email);
  const deviceId = data.deviceIds[Math.floor(data.deviceIds.length / 2)] ?? '';
  // A server that has been running: the first seconds of a database are slower (PGlite's
  // WebAssembly is compiled to optimised code as it runs), and the first range measured paid
  // for them (1 h: 12-16 ms p50 first, 4 ms after).
  const measured = ranges.filter((entry) => entry.ms <= settings.days * day);
  for (const range of measured) {
    const from = new Date(end.getTime() - range.ms);
    await timed(warmUpCharts, () =>
      graphOf(
        database.db,
        deviceId,
        { from, to: end, timezone: 'Europe/Vaduz' },
        { now: new Date(), rawRetentionDays: 400 },
      ),
    );
  }
  const results = [];
  for (const range of measured) {
    const entry = await measureRange(database.db, deviceId, api, range, end);
    results.push(entry);
    console.log(
      `${range.name.padEnd(4)} ${entry.bucket.padEnd(4)} ${String(entry.points).padStart(5)} points | service p50 ${entry.serviceP50Ms} ms p95 ${entry.serviceP95Ms} ms, ${entry.pages} pages | http p50 ${entry.httpP50Ms} ms | raw table p50 ${entry.rawTableP50Ms} ms, ${entry.rawTablePages} pages (${entry.rawTableRows} rows${entry.rawPlanScansTable ? ', SEQ SCAN' : ''}) | ratio ${entry.ratioToRawTable}`,
    );
  }
  await api.runtime.close();
  await drop();
  if (!keepDir) await rm(workDir, { recursive: true, force: true });
  await writeResults(database.kind, data, results);
}

await main();

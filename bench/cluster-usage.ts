/**
 * What bench:cluster measures beside the throughput: CPU per process and of the whole machine,
 * what the database's backends wait on, and the rows each table had written.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/query.js';
import type { freshDatabase } from './cluster-topology.js';
import { createMachineTracker, createUsageTracker, type Usage } from './proc-usage.js';

type Database = Awaited<ReturnType<typeof freshDatabase>>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The OS processes of the PostgreSQL backends of `db`'s database (its /proc entries). */
export async function backendPids(db: Db): Promise<number[]> {
  const rows = await queryRows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  return rows.map((row) => row.pid);
}

/**
 * CPU per process while the readings are ingested: the server processes by role, Mosquitto,
 * the database's PostgreSQL backends (none without `db`: PGlite runs in the server), the
 * publisher, and the whole machine's busy cores (every process on it: its other users too).
 */
export function cpuTracker(groups: Record<string, number[]>, db: Db | undefined) {
  let publisher: number | undefined;
  const tracker = createUsageTracker(async () => ({
    ...groups,
    postgres: db ? await backendPids(db) : [],
    publisher: [publisher ?? 0],
  }));
  const machine = createMachineTracker();
  return {
    publisher: (pid: number | undefined) => {
      publisher = pid;
    },
    async sample(): Promise<Record<string, Usage>> {
      const [usage, busy] = await Promise.all([tracker.sample(), machine.sample()]);
      return { ...usage, machine: { cores: busy, rssMb: 0, privateMb: 0, processes: 0 } };
    },
  };
}

/**
 * What the database's busy backends wait on while the readings are ingested, sampled every
 * 100 ms (`CPU` when they wait on nothing): row locks (`Lock:transactionid`, `Lock:tuple`) are
 * two writers on the same rows.
 */
export function sampleWaits(database: Database) {
  const counts: Record<string, number> = {};
  let samples = 0;
  const state = { stopped: false };
  const loop = (async () => {
    while (!state.stopped) {
      const rows = await queryRows<{ wait: string; n: string | number }>(
        database.database.db,
        sql`select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait, count(*) as n
            from pg_stat_activity
            where datname = current_database() and state = 'active' and pid <> pg_backend_pid()
            group by 1`,
      );
      samples += 1;
      for (const row of rows) counts[row.wait] = (counts[row.wait] ?? 0) + Number(row.n);
      await sleep(100);
    }
  })();
  return {
    async stop() {
      state.stopped = true;
      await loop;
    },
    result() {
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0) || 1;
      const share = Object.fromEntries(
        Object.entries(counts)
          .sort(([, a], [, b]) => b - a)
          .map(([wait, n]) => [wait, Number((n / total).toFixed(3))]),
      );
      return { samples, share };
    },
  };
}

/** Cores of each process while ingesting, and its CPU time per 1,000 readings (ms). */
export function describeCores(
  usage: Record<string, Usage> | undefined,
  seconds: number,
  readings: number,
) {
  if (!usage) return '';
  return Object.entries(usage)
    .map(
      ([name, value]) =>
        `${name} ${String(value.cores)} (${String(Math.round((value.cores * seconds * 1e6) / readings))} ms/1k)`,
    )
    .join(', ');
}

/**
 * The database's work once the processes have stopped (so that their backends have reported):
 * its commits and the rows each table had inserted, updated or deleted, also per 1,000 readings
 * inserted. Two ingest processes that did the same work twice show it here.
 */
export async function rowsWritten(database: Database) {
  const tables = await queryRows<{ table: string; written: string | number }>(
    database.database.db,
    sql`select relname as "table", n_tup_ins + n_tup_upd + n_tup_del as written
        from pg_stat_user_tables where n_tup_ins + n_tup_upd + n_tup_del > 0
        order by written desc`,
  );
  const [commits] = await queryRows<{ n: string | number }>(
    database.database.db,
    sql`select xact_commit as n from pg_stat_database where datname = current_database()`,
  );
  const rows: Record<string, number> = {};
  for (const row of tables) {
    // A partitioned table's rows are counted on its partitions (readings_p202611).
    const table = row.table.replace(/_p\d{6}$/, '');
    rows[table] = (rows[table] ?? 0) + Number(row.written);
  }
  const readings = rows.readings ?? 0;
  const per1k = (n: number) => (readings ? Number(((n * 1000) / readings).toFixed(1)) : 0);
  return {
    commits: Number(commits?.n ?? 0),
    rows,
    per1000Readings: {
      commits: per1k(Number(commits?.n ?? 0)),
      ...Object.fromEntries(Object.entries(rows).map(([table, n]) => [table, per1k(n)])),
    },
  };
}

export function describeWork(work: Awaited<ReturnType<typeof rowsWritten>>) {
  return `per 1,000 readings: ${Object.entries(work.per1000Readings)
    .slice(0, 8)
    .map(([name, n]) => `${name} ${String(n)}`)
    .join(', ')}`;
}

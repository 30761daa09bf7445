import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/query.js';
import { createMachineTracker, createUsageTracker, type Usage } from './proc-usage.js';

/**
 * bench:ingest's CPU: of this process (the server, and PGlite's thread), of the database's
 * PostgreSQL backends, and of the whole machine (the publishers' process, the rest of its users),
 * since the previous sample.
 */
export function cpuTracker(database: Database) {
  const processes = createUsageTracker(async () => ({
    server: [process.pid],
    postgres:
      database.kind === 'postgres'
        ? (
            await queryRows<{ pid: number }>(
              database.db,
              sql`select pid from pg_stat_activity where datname = current_database()`,
            )
          ).map((row) => row.pid)
        : [],
  }));
  const machine = createMachineTracker();
  let previousAt = performance.now();
  return {
    async sample(): Promise<{
      processes: Record<string, Usage>;
      machineCores: number;
      seconds: number;
    }> {
      const [used, machineCores] = await Promise.all([processes.sample(), machine.sample()]);
      const now = performance.now();
      const seconds = (now - previousAt) / 1000;
      previousAt = now;
      return { processes: used, machineCores, seconds };
    },
  };
}

/** What a sample's cores used, as CPU µs per reading. */
export function perReading(
  used: Awaited<ReturnType<ReturnType<typeof cpuTracker>['sample']>>,
  readings: number,
) {
  const micros = (cores: number) => Math.round((cores * used.seconds * 1e6) / readings);
  return {
    server: micros(used.processes.server?.cores ?? 0),
    postgres: micros(used.processes.postgres?.cores ?? 0),
    machine: micros(used.machineCores),
  };
}

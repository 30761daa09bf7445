import type { Database } from '../apps/server/src/db/client.js';
import type { Usage } from './proc-usage.js';
import { cpuTracker } from './cluster-usage.js';

/**
 * bench:ingest's CPU (cluster-usage.ts `cpuTracker`): of this process (the server, and PGlite's
 * thread), of the database's PostgreSQL backends, and of the whole machine (the publishers'
 * process, the rest of its users), since the previous sample, with the seconds between them.
 */
export function ingestCpu(database: Database) {
  const tracker = cpuTracker(
    { server: [process.pid] },
    database.kind === 'postgres' ? database.db : undefined,
  );
  let previousAt = performance.now();
  return {
    async sample(): Promise<{ usage: Record<string, Usage>; seconds: number }> {
      const usage = await tracker.sample();
      const now = performance.now();
      const seconds = (now - previousAt) / 1000;
      previousAt = now;
      return { usage, seconds };
    },
  };
}

/** What a sample's cores used, as CPU µs per reading. */
export function perReading(
  used: Awaited<ReturnType<ReturnType<typeof ingestCpu>['sample']>>,
  readings: number,
) {
  const micros = (cores: number) => Math.round((cores * used.seconds * 1e6) / readings);
  return {
    server: micros(used.usage.server?.cores ?? 0),
    postgres: micros(used.usage.postgres?.cores ?? 0),
    machine: micros(used.usage.machine?.cores ?? 0),
  };
}

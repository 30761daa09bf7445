import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openPgliteThread, type PgliteClient } from './pglite-thread.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The database, whichever driver is behind it (PGlite or PostgreSQL). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** The driver underneath, for what Drizzle does not speak (COPY in the benchmarks). */
  pool?: pg.Pool;
  pglite?: PgliteClient;
};

/** In the source tree next to this file; in the bundle next to main.js (the build copies it). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenOptions =
  | {
      databaseUrl: string;
      poolSize?: number;
      /** An idle pooled connection failed (the server restarted or ended it). */
      onIdleError?: (error: Error) => void;
    }
  | { dataDir: string }
  | { pglite: PGlite };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    await migratePostgres(options.databaseUrl);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    // Without a listener, an idle connection ended by the server (a restart, a dropped
    // database) is an uncaught error that stops the process; the pool already discards it.
    pool.on('error', options.onIdleError ?? (() => undefined));
    const db = drizzlePg(pool, { schema });
    return { db, kind: 'postgres', close: () => pool.end(), pool };
  }
  let client: PgliteClient;
  if ('pglite' in options) {
    client = options.pglite;
  } else {
    // In a thread of its own (pglite-thread.ts), which also runs its checkpoints.
    const dir = join(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    client = await openPgliteThread({
      dataDir: dir,
      settings: pgliteSettings,
      checkpointMs: pgliteCheckpointMs,
    });
  }
  // drizzle speaks to PGlite through the part of its API that both clients have.
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

/**
 * PGlite runs no checkpointer of its own: without a checkpoint its WAL only grows (1.1 GB after
 * 10 minutes at 1,000 readings/s). A checkpoint every half minute, with a small WAL kept for
 * reuse, holds pg_wal to tens of megabytes.
 */
const pgliteSettings = ['max_wal_size = 64MB', 'min_wal_size = 32MB'];
const pgliteCheckpointMs = 30_000;

/** Applies the migrations on one connection under an advisory lock, so processes starting together take turns. */
async function migratePostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(7301)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(7301)').catch(() => undefined);
    await client.end();
  }
}

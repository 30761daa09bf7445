/** What several benchmarks share: a fresh PostgreSQL database, and a gateway with its devices. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client.js';
import { sqlState } from '../apps/server/src/db/query.js';
import { devices, gateways } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/lib/secrets.js';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** A new database `<prefix>_<random>` on the server of `url`, migrated; `drop` removes it. */
export async function freshPostgres(
  url: string,
  prefix: string,
  poolSize = 10,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = `${prefix}_${hex(4)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize });
  return { database, drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A gateway of the account with `count` devices, its secret known: a publisher signs in as it. */
export async function insertLoadGateway(
  db: Db,
  accountId: string,
  count: number,
  prefix = 'bench-load',
): Promise<{ gatewayId: string; secret: string; devices: string[] }> {
  const secret = hex(16);
  const gatewayId = `${prefix}-${hex(3)}`;
  const [gateway] = await db
    .insert(gateways)
    .values({ accountId, gatewayId, name: gatewayId, secretHash: await hashPassword(secret) })
    .returning({ id: gateways.id });
  const addresses = Array.from({ length: count }, () =>
    [...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0')).join(':'),
  );
  await db.insert(devices).values(
    addresses.map((deviceId, index) => ({
      accountId,
      deviceId,
      name: `Load ${String(index)}`,
      gatewayId: gateway?.id ?? null,
    })),
  );
  return { gatewayId, secret, devices: addresses };
}

let checkpointRefused = false;

/**
 * A checkpoint now, so that the pass that follows starts from one, as every other pass does.
 * After a checkpoint each page's first change writes the whole page to the WAL, and a pass that
 * writes readings over 1,000 devices touches five times as many index pages as one over 200:
 * on PostgreSQL a checkpoint (every ~540 MB of WAL by default) fell inside one pass and not
 * another at random, and bench:ingest's 1,000-device ratios spread from 0.74 to 1.14 (its
 * PostgreSQL CPU per reading 11 instead of 7-8 µs in the slow runs). PGlite's worker runs its own
 * every 30 s (db/client.ts); this one makes a pass start from a checkpoint there too.
 */
export async function checkpoint(db: Db): Promise<void> {
  try {
    await db.execute(sql`checkpoint`);
  } catch (error) {
    // CHECKPOINT needs a superuser or pg_checkpoint: without, the passes run as they come.
    if (sqlState(error) !== '42501') throw error;
    if (!checkpointRefused)
      console.warn('  (no CHECKPOINT allowed: passes not aligned with checkpoints)');
    checkpointRefused = true;
  }
}

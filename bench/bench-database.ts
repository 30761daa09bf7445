/** What several benchmarks share: a fresh PostgreSQL database, and a gateway with its devices. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client.js';
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

/**
 * The pieces bench:cluster runs: server processes from the built bundle (apps/server/dist), a
 * fresh PostgreSQL database each, and the bench's account, gateways and devices in it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/query.js';
import { devices, gateways } from '../apps/server/src/db/schema/index.js';
import type { SecretSealer } from '../apps/server/src/lib/sealed.js';
import { hashPassword } from '../apps/server/src/lib/secrets.js';
import * as accountsRepo from '../apps/server/src/modules/accounts/repo.js';
import * as usersRepo from '../apps/server/src/modules/users/repo.js';

export const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const serverEntry = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));

export type BenchGateway = { gatewayId: string; secret: string; devices: string[] };

/** A server process; `waitFor` resolves with the first output line matching. */
export type Proc = {
  child: ChildProcess;
  waitFor: (pattern: RegExp) => Promise<string>;
  stop: () => Promise<void>;
};

export async function startProc(env: Record<string, string>): Promise<Proc> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-proc-'));
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIR: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    if (process.env.BENCH_DEBUG) process.stderr.write(chunk);
    for (const waiter of [...waiters]) {
      const line = text.split('\n').find((candidate) => waiter.pattern.test(candidate));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = once(child, 'exit');
  return {
    child,
    waitFor(pattern) {
      const seen = text.split('\n').find((candidate) => pattern.test(candidate));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve });
        void exited.then(() => {
          reject(new Error(`server exited before ${String(pattern)}:\n${text}`));
        });
      });
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The address printed in the banner: `Vigil is running at …` or `MQTT broker (gateways) at …`. */
export async function addressOf(proc: Proc, what: 'http' | 'mqtt'): Promise<string> {
  const line = await proc.waitFor(what === 'http' ? /running at http/ : /MQTT broker .* at mqtt/);
  return line.slice(line.indexOf(`${what}://`)).trim();
}

/** A fresh database on the PostgreSQL of DATABASE_URL, migrated; `drop` removes it. */
export async function freshDatabase(adminUrl: string) {
  const name = `vigil_bench_${hex(4)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    url: url.toString(),
    database,
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const deviceAddress = () =>
  [...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0')).join(':');

/** An account whose owner signs in with `password`, `count` gateways of `perGateway` devices. */
export async function seed(
  database: Database,
  sealer: SecretSealer,
  count: number,
  perGateway: number,
) {
  const db = database.db;
  const email = `bench-${hex(3)}@bench.example`;
  const password = hex(8);
  const account = await accountsRepo.insertAccount(db, {
    companyName: 'Bench Lab',
    email,
    countryCode: '+44',
    phoneNumber: '2070000000',
  });
  await usersRepo.insertUser(db, {
    accountId: account.id,
    parentId: null,
    name: 'Bench Owner',
    email,
    passwordHash: await hashPassword(password),
    role: 'super_user',
    countryCode: '+44',
    phoneNumber: '2070000001',
    isActivated: true,
    emailConfirmedAt: new Date(),
  });
  const secret = hex(16);
  const secretHash = await hashPassword(secret);
  const planned: BenchGateway[] = [];
  for (let g = 0; g < count; g += 1) {
    const gatewayId = `bench-gw-${String(g)}-${hex(3)}`;
    const [row] = await db
      .insert(gateways)
      .values({
        accountId: account.id,
        gatewayId,
        name: gatewayId,
        secretHash,
        secretSealed: sealer.seal(secret),
      })
      .returning({ id: gateways.id });
    const addresses = Array.from({ length: perGateway }, deviceAddress);
    await db.insert(devices).values(
      addresses.map((deviceId, index) => ({
        accountId: account.id,
        deviceId,
        name: `Bench ${String(g)}.${String(index)}`,
        gatewayId: row?.id ?? null,
      })),
    );
    planned.push({ gatewayId, secret, devices: addresses });
  }
  return { owner: { email, password }, gateways: planned };
}

/** Readings stored, and how many distinct (device, time) among them. */
export async function storedCounts(database: Database) {
  const [row] = await queryRows<{ n: string | number; distinct: string | number }>(
    database.db,
    sql`select count(*) as n, count(distinct (device_id, ts)) as distinct from readings`,
  );
  return { readings: Number(row?.n ?? 0), distinct: Number(row?.distinct ?? 0) };
}

export async function readingCount(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    database.db,
    sql`select count(*) as n from readings`,
  );
  return Number(row?.n ?? 0);
}

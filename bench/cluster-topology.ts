/**
 * The pieces bench:cluster and bench:load run: server processes from the built bundle
 * (apps/server/dist), the scale-out topology of them, a fresh PostgreSQL database each, and the
 * bench's accounts, gateways and devices in it.
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
import { serverNodeFlags } from './server-node-flags.js';

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
  // BENCH_NODE_ARGS, for example `--cpu-prof --cpu-prof-dir=/tmp/prof`: for every server process.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...serverNodeFlags, ...nodeArgs, serverEntry], {
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

/** `count` hardware addresses (aa:bb:cc:dd:ee:ff), random and distinct. */
function deviceAddresses(count: number): string[] {
  const addresses = new Set<string>();
  while (addresses.size < count) {
    addresses.add([...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0')).join(':'));
  }
  return [...addresses];
}

export type BenchAccount = { owner: { email: string; password: string }; gateways: BenchGateway[] };
export type FleetShape = { accounts?: number; gateways: number; devicesPerGateway: number };

/** Rows a multi-row insert of devices takes at once (well under PostgreSQL's 65,535 parameters). */
const deviceRowsPerInsert = 2000;

/**
 * `accounts` (1) accounts, each with an owner who signs in with a password and `gateways`
 * gateways of `devicesPerGateway` devices, inserted in bulk: one password hash and one gateway
 * secret for all, one statement for an account's gateways and one per 2,000 devices.
 */
export async function seed(database: Database, sealer: SecretSealer, shape: FleetShape) {
  const db = database.db;
  const password = hex(8);
  const passwordHash = await hashPassword(password);
  const secret = hex(16);
  const secretHash = await hashPassword(secret);
  const secretSealed = sealer.seal(secret);
  const addresses = deviceAddresses(
    (shape.accounts ?? 1) * shape.gateways * shape.devicesPerGateway,
  );
  const planned: BenchAccount[] = [];
  for (let a = 0; a < (shape.accounts ?? 1); a += 1) {
    const email = `bench-${String(a)}-${hex(3)}@bench.example`;
    const account = await accountsRepo.insertAccount(db, {
      companyName: `Bench Lab ${String(a)}`,
      email,
      countryCode: '+44',
      phoneNumber: '2070000000',
    });
    await usersRepo.insertUser(db, {
      accountId: account.id,
      parentId: null,
      name: `Bench Owner ${String(a)}`,
      email,
      passwordHash,
      role: 'super_user',
      countryCode: '+44',
      phoneNumber: '2070000001',
      isActivated: true,
      emailConfirmedAt: new Date(),
    });
    const ids = Array.from(
      { length: shape.gateways },
      (_, g) => `bench-gw-${String(a)}-${String(g)}-${hex(3)}`,
    );
    const rows = await db
      .insert(gateways)
      .values(
        ids.map((gatewayId) => ({
          accountId: account.id,
          gatewayId,
          name: gatewayId,
          secretHash,
          secretSealed,
        })),
      )
      .returning({ id: gateways.id, gatewayId: gateways.gatewayId });
    const accountGateways = rows.map((row) => ({
      id: row.id,
      gatewayId: row.gatewayId,
      secret,
      devices: addresses.splice(0, shape.devicesPerGateway),
    }));
    const deviceRows = accountGateways.flatMap((gateway, g) =>
      gateway.devices.map((deviceId, index) => ({
        accountId: account.id,
        deviceId,
        name: `Bench ${String(a)}.${String(g)}.${String(index)}`,
        gatewayId: gateway.id,
      })),
    );
    for (let at = 0; at < deviceRows.length; at += deviceRowsPerInsert) {
      await db.insert(devices).values(deviceRows.slice(at, at + deviceRowsPerInsert));
    }
    planned.push({
      owner: { email, password },
      gateways: accountGateways.map((gateway) => ({
        gatewayId: gateway.gatewayId,
        secret,
        devices: gateway.devices,
      })),
    });
  }
  return { accounts: planned, gateways: planned.flatMap((account) => account.gateways) };
}

/** Signs `owner` in through the API of `url`: the session's JWT, as a browser holds it. */
export async function signIn(url: string, owner: { email: string; password: string }) {
  const response = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(owner),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${String(response.status)}`);
  return ((await response.json()) as { data: { jwt: string } }).data.jwt;
}

/**
 * The scale-out processes (deploy/compose.yaml) on the external broker: api ×2, worker and
 * `ingestCount` ingest processes, each with a stable client id of its own. Every process with
 * MQTT_AUTH=dynsec (the default with MQTT_URL) brings the gateways' broker accounts in step at
 * start; an ingest process is ready once subscribed, so the accounts exist when this resolves.
 */
export async function startScaleOut(options: {
  env: Record<string, string>;
  ingestCount: number;
}): Promise<{ procs: Proc[]; apis: Proc[]; worker: Proc; ingests: Proc[]; httpUrls: string[] }> {
  const apis = [
    await startProc({ ...options.env, ROLES: 'api' }),
    await startProc({ ...options.env, ROLES: 'api' }),
  ];
  const worker = await startProc({ ...options.env, ROLES: 'worker' });
  const ingests = await Promise.all(
    Array.from({ length: options.ingestCount }, (_, index) =>
      startProc({
        ...options.env,
        ROLES: 'ingest',
        LOG_LEVEL: 'info',
        MQTT_CLIENT_ID: `bench-ingest-${String(index)}-${hex(2)}`,
      }),
    ),
  );
  await Promise.all(ingests.map((proc) => proc.waitFor(/ingest subscribed to the broker/)));
  const httpUrls = await Promise.all(apis.map((api) => addressOf(api, 'http')));
  return { procs: [...apis, worker, ...ingests], apis, worker, ingests, httpUrls };
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

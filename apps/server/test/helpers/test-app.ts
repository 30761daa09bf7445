import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import type { HostLookup } from '../../src/notify/webhook-target.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { seedDemo } from '../../src/seed/demo.js';
import { adminUrl } from './global-setup.js';

/** A fresh, migrated database: a clone of the run's template on PostgreSQL, else PGlite from the snapshot. */
export async function freshDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `vigil_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: adminUrl(databaseUrl, name), poolSize: 4 });
    return {
      ...database,
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: adminUrl(databaseUrl) });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const snapshot = await readFile(inject('pgliteSnapshot'));
  return openDatabase({ pglite: await PGlite.create({ loadDataDir: new Blob([snapshot]) }) });
}

/** The runtimes this test file has open, whose follow-ups `followedUp` waits for. */
const openRuntimes = new Set<Runtime>();

/**
 * Waits until every reading stored so far has had its follow-up (device state, rollups, door
 * events, alarms: modules/readings/follow-up.ts), which comes after the acknowledgement.
 */
export async function followedUp(): Promise<void> {
  await Promise.all([...openRuntimes].map((runtime) => runtime.ingest.followUp.idle()));
}

export type TestApp = {
  app: FastifyInstance;
  runtime: Runtime;
  dataDir: string;
  close: () => Promise<void>;
};

/**
 * A resolver of host names that never asks the network: `localhost` and the names given, each
 * to its addresses; any other name is not found. Tests must never reach beyond this machine.
 */
export function fakeDns(records: Record<string, string[]> = {}): HostLookup {
  const table: Record<string, string[]> = { localhost: ['127.0.0.1', '::1'], ...records };
  return (hostname) => {
    const addresses = table[hostname.toLowerCase()];
    if (!addresses?.length) {
      return Promise.reject(
        Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' }),
      );
    }
    return Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
}

/** The whole API (and a worker) on a fresh database, driven through `app.inject`. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { lookupHost?: HostLookup } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-app-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://vigil.example',
    WEB_DIR: '',
    ROLES: 'api,worker',
    MQTT_PORT: '0',
    ...env,
  });
  const database = await freshDatabase();
  const runtime = await createRuntime(config, pino({ level: 'silent' }), database, {
    lookupHost: options.lookupHost ?? fakeDns(),
  });
  if (!runtime.app) throw new Error('test app has no api role');
  const app = runtime.app;
  await app.ready();
  openRuntimes.add(runtime);
  return {
    app,
    runtime,
    dataDir,
    async close() {
      openRuntimes.delete(runtime);
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createDemoApp(
  env: Record<string, string> = {},
  options: { lookupHost?: HostLookup } = {},
) {
  const test = await createTestApp(env, options);
  await seedDemo(test.runtime.ctx.db);
  return test;
}

/** Signs in through the API and returns the bearer header for later requests. */
export async function login(app: FastifyInstance, email: string, password = 'vigil-demo') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ data: { jwt: string; userId: string; sessionId: string } }>();
  return { headers: { authorization: `Bearer ${body.data.jwt}` }, ...body.data };
}

export type Mail = { file: string; to: string; subject: string; text: string };

/** Runs the queued jobs, then reads every mail in the outbox. */
export async function deliveredMail(test: TestApp): Promise<Mail[]> {
  await test.runtime.worker?.drain();
  const dir = join(test.dataDir, 'outbox');
  const files = await readdir(dir).catch(() => []);
  const mails: Mail[] = [];
  for (const file of files.sort()) {
    const raw = await readFile(join(dir, file), 'utf8');
    const header = (name: string) =>
      new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
    mails.push({ file, to: header('To'), subject: header('Subject'), text: raw });
  }
  return mails;
}

/** The first link in a mail's text part that goes to `path`. */
export function linkIn(mail: Mail, path: string): string {
  const unfolded = mail.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`https?://[^\\s"<>]*${path}/([A-Za-z0-9_-]+)`).exec(unfolded);
  if (!match?.[1]) throw new Error(`no ${path} link in mail to ${mail.to}`);
  return match[1];
}

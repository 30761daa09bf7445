import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../src/db/client.js';
import { createSecretSealer } from '../../src/lib/sealed.js';
import { createAccountWithOwner } from './fixtures.js';
import { insertGateway, type TestGateway } from './ingest.js';
import { startDynsecMosquitto, type DynsecMosquitto } from './mosquitto.js';
import { processEnvironment, startServerProcess, type ServerProcess } from './process.js';

/** Several processes share one database and fan out through Redis: PostgreSQL and REDIS_URL. */
export const clusterRuns = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

export type Cluster = {
  broker: DynsecMosquitto;
  env: Record<string, string>;
  /** An account (its owner signs in with `password`) and a gateway with devices. */
  owner: { email: string; password: string };
  gateway: TestGateway;
  /** Starts a server process with these roles; `name` keeps its data dir and client id apart. */
  start: (name: string, roles: string, extra?: Record<string, string>) => ServerProcess;
  /** An api process's address, once it listens. */
  urlOf: (server: ServerProcess) => Promise<string>;
  database: () => Promise<Database>;
  stop: () => Promise<void>;
};

/**
 * The deployment of deploy/compose.yaml as processes of the test's own: a Mosquitto with the
 * dynamic security plugin (the shipped config), a PostgreSQL database cloned for the test, the
 * machine's Redis, and server processes started by role. The gateway exists before any process
 * starts, so its broker account comes from the reconcile at start.
 */
export async function startCluster(options: { deviceCount?: number } = {}): Promise<Cluster> {
  const broker = await startDynsecMosquitto();
  const { env: base, cleanup } = await processEnvironment();
  const secretsKey = randomBytes(32).toString('hex');
  const env: Record<string, string> = {
    ...base,
    MQTT_URL: broker.platformUrl,
    REDIS_URL: process.env.REDIS_URL ?? '',
    JWT_SECRET: randomBytes(32).toString('hex'),
    GATEWAY_SECRETS_KEY: secretsKey,
    INGEST_FLUSH_MS: '10',
    LOG_LEVEL: 'info',
  };
  const setup = await openDatabase({ databaseUrl: env.DATABASE_URL ?? '', poolSize: 2 });
  const email = `owner-${randomBytes(4).toString('hex')}@cluster.example`;
  const { account } = await createAccountWithOwner(setup.db, 'Cluster Lab', email);
  const gateway = await insertGateway(setup.db, account.id, {
    deviceCount: options.deviceCount ?? 2,
    sealer: createSecretSealer(secretsKey),
  });
  await setup.close();

  const running: ServerProcess[] = [];
  const suffix = randomBytes(3).toString('hex');
  return {
    broker,
    env,
    owner: { email, password: 'vigil-demo' },
    gateway,
    start(name, roles, extra = {}) {
      const dataDir = join(base.DATA_DIR ?? '', name);
      const server = startServerProcess([], {
        ...env,
        DATA_DIR: dataDir,
        ROLES: roles,
        MQTT_CLIENT_ID: `vigil-ingest-${name}-${suffix}`,
        ...extra,
      });
      running.push(server);
      return server;
    },
    async urlOf(server) {
      const line = await server.waitFor(/Vigil is running at http/);
      return line.slice(line.indexOf('http')).trim();
    },
    database: () => openDatabase({ databaseUrl: env.DATABASE_URL ?? '', poolSize: 2 }),
    async stop() {
      for (const server of running) {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGKILL');
          await server.exited;
        }
      }
      await broker.stop();
      await cleanup();
    },
  };
}

export async function signIn(url: string, email: string, password: string) {
  const response = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data: { jwt: string } };
  return body.data.jwt;
}

import { randomBytes } from 'node:crypto';
import { topics } from '@vigil/contracts';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { createAccountWithOwner } from '../helpers/fixtures.js';
import { insertGateway, upPayload } from '../helpers/ingest.js';
import { startMosquitto } from '../helpers/mosquitto.js';
import { processEnvironment, startServerProcess, type ServerProcess } from '../helpers/process.js';
import { TestSocket } from '../helpers/sockets.js';

const redisUrl = process.env.REDIS_URL;
// Several processes share one database: PostgreSQL (PGlite is one process's).
const runs = Boolean(redisUrl && process.env.DATABASE_URL);

const running: ServerProcess[] = [];
const sockets: TestSocket[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'vigil-demo' }),
  });
  const body = (await response.json()) as { data: { jwt: string } };
  return body.data.jwt;
}

describe('live events across processes (REDIS_URL)', () => {
  it.skipIf(!runs)(
    'a reading an ingest-only process stores reaches sockets on two API processes, which shut down cleanly',
    async () => {
      const mosquitto = await startMosquitto();
      cleanups.push(() => mosquitto.stop());
      const { env: base, cleanup } = await processEnvironment();
      cleanups.push(cleanup);
      const env = {
        ...base,
        MQTT_URL: mosquitto.url,
        MQTT_AUTH: 'none',
        REDIS_URL: redisUrl ?? '',
        JWT_SECRET: randomBytes(32).toString('hex'),
        INGEST_FLUSH_MS: '10',
      };
      const setup = await openDatabase({ databaseUrl: base.DATABASE_URL ?? '', poolSize: 2 });
      const email = `owner-${randomBytes(3).toString('hex')}@redis.example`;
      const { account } = await createAccountWithOwner(setup.db, 'Redis Lab', email);
      const gateway = await insertGateway(setup.db, account.id, { deviceCount: 1 });
      await setup.close();

      const start = (roles: string) => {
        const server = startServerProcess([], { ...env, ROLES: roles });
        running.push(server);
        return server;
      };
      const apis = [start('api'), start('api')];
      const ingest = start('ingest');
      const urls = await Promise.all(
        apis.map(async (api) => {
          const line = await api.waitFor(/Vigil is running at http/);
          return line.slice(line.indexOf('http')).trim();
        }),
      );
      await ingest.waitFor(/ingest subscribed to the broker/);

      const token = await signIn(urls[0] ?? '', email);
      const deviceId = gateway.devices[0] ?? '';
      const watchers = await Promise.all(
        urls.map((url) => {
          const socket = new TestSocket(url, token, { deviceId, timeValue: '1' });
          sockets.push(socket);
          return socket.connect();
        }),
      );

      const publisher = await mqtt.connectAsync(mosquitto.url, { protocolVersion: 4 });
      const ts = new Date().toISOString();
      await publisher.publishAsync(
        topics.up(gateway.gatewayId),
        upPayload([{ deviceId, ts, data: { t: -19.5, h: 30, b: 88, m: 3 } }]),
        { qos: 1 },
      );
      await publisher.endAsync();
      for (const watcher of watchers) {
        const live = await watcher.next('liveData', (event) => event.reading.createdAt === ts);
        expect(live.deviceId).toBe(deviceId);
        expect(live.reading.t).toBeCloseTo(-19.5);
        await watcher.next('graphData', (event) => event.reading.createdAt === ts);
        await watcher.next('deviceStatus', (event) => event.status === 'active');
      }

      // Shutdown with sockets open: they are disconnected, Redis closed, the process exits 0.
      const disconnected = watchers.map(
        (watcher) =>
          new Promise<void>((resolve) => {
            watcher.socket.once('disconnect', () => {
              resolve();
            });
          }),
      );
      for (const server of [...apis, ingest]) server.child.kill('SIGTERM');
      await Promise.all(disconnected);
      for (const server of [...apis, ingest]) expect(await server.exited).toBe(0);
    },
    120_000,
  );
});

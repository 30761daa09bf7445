import { topics } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { clusterRuns, signIn, startCluster, type Cluster } from '../helpers/cluster.js';
import { connectGateway, upPayload } from '../helpers/ingest.js';
import { TestSocket } from '../helpers/sockets.js';

let cluster: Cluster | undefined;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await cluster?.stop();
  cluster = undefined;
});

describe.skipIf(!clusterRuns)(
  'the roles as separate processes (PostgreSQL, Redis, Mosquitto)',
  () => {
    it('brings a reading published through the broker to a socket on the other api process', async () => {
      cluster = await startCluster({ deviceCount: 1 });
      const [a, b] = [cluster.start('api-a', 'api'), cluster.start('api-b', 'api')];
      const ingest = cluster.start('ingest', 'ingest');
      const [urlA, urlB] = await Promise.all([cluster.urlOf(a), cluster.urlOf(b)]);
      await ingest.waitFor(/ingest subscribed to the broker/);

      const token = await signIn(urlA, cluster.owner.email, cluster.owner.password);
      const deviceId = cluster.gateway.devices[0] ?? '';
      const watcher = new TestSocket(urlB, token, { deviceId, timeValue: '1' });
      sockets.push(watcher);
      await watcher.connect();

      // The gateway's broker account came from the reconcile at start (MQTT_AUTH=dynsec).
      const gateway = await connectGateway(cluster.broker.url, cluster.gateway);
      const ts = new Date().toISOString();
      await gateway.publishAsync(
        topics.up(cluster.gateway.gatewayId),
        upPayload([{ deviceId, ts, data: { t: 4.5, h: 40, b: 90, m: 3 } }]),
        { qos: 1 },
      );
      await gateway.endAsync();
      const live = await watcher.next('liveData', (event) => event.reading.createdAt === ts);
      expect(live.reading.t).toBeCloseTo(4.5);
    }, 120_000);

    it('closes the sockets of a session signed out on the other api process', async () => {
      cluster = await startCluster({ deviceCount: 1 });
      const [a, b] = [cluster.start('api-a', 'api'), cluster.start('api-b', 'api')];
      const [urlA, urlB] = await Promise.all([cluster.urlOf(a), cluster.urlOf(b)]);
      const token = await signIn(urlA, cluster.owner.email, cluster.owner.password);
      const watcher = new TestSocket(urlB, token, {});
      sockets.push(watcher);
      await watcher.connect();
      const disconnected = new Promise<string>((resolve) => {
        watcher.socket.once('disconnect', (reason) => {
          resolve(reason);
        });
      });
      const signedOut = await fetch(`${urlA}/api/auth`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(signedOut.status).toBe(200);
      expect(await disconnected).toBe('io server disconnect');
    }, 120_000);

    it('runs a scheduled job once with two workers', async () => {
      cluster = await startCluster();
      const workers = [cluster.start('worker-a', 'worker'), cluster.start('worker-b', 'worker')];
      await Promise.all(workers.map((worker) => worker.waitFor(/"msg":"Vigil is running"/)));
      const done = /readings and rollups past retention removed/;
      await Promise.race(workers.map((worker) => worker.waitFor(done)));
      const database = await cluster.database();
      try {
        // Both workers enqueued today's retention job at start; one row, claimed once, done.
        const rows = await queryRows<{ status: string; attempts: number }>(
          database.db,
          sql`select status, attempts from jobs where name = 'readings.retention'`,
        );
        expect(rows).toEqual([{ status: 'done', attempts: 1 }]);
      } finally {
        await database.close();
      }
      const runs = workers.map((worker) =>
        worker
          .output()
          .split('\n')
          .filter((line) => done.test(line)),
      );
      expect(runs.flat()).toHaveLength(1);
    }, 120_000);
  },
);

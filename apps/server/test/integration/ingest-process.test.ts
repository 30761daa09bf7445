import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { topics } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import * as accountsRepo from '../../src/modules/accounts/repo.js';
import { connectGateway, insertGateway, series, upPayload } from '../helpers/ingest.js';
import { startMosquitto, type Mosquitto } from '../helpers/mosquitto.js';
import { processEnvironment, startServerProcess, type ServerProcess } from '../helpers/process.js';

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function start(env: Record<string, string>): ServerProcess {
  const server = startServerProcess([], env);
  running.push(server);
  return server;
}

/** The process's own database (a PostgreSQL clone, or PGlite in its DATA_DIR while it is not running). */
function openProcessDatabase(env: Record<string, string>): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 2 })
    : openDatabase({ dataDir: env.DATA_DIR ?? '' });
}

async function environment() {
  const { env, cleanup } = await processEnvironment();
  cleanups.push(cleanup);
  return env;
}

describe('the ingest process', () => {
  it('loses and duplicates nothing acknowledged when killed mid-stream and restarted', async () => {
    const mosquitto: Mosquitto = await startMosquitto();
    cleanups.push(() => mosquitto.stop());
    const env = {
      ...(await environment()),
      ROLES: 'ingest',
      MQTT_URL: mosquitto.url,
      MQTT_AUTH: 'none',
      INGEST_FLUSH_MS: '20',
    };
    const setup = await openProcessDatabase(env);
    const account = await accountsRepo.insertAccount(setup.db, {
      companyName: 'Crash Lab',
      email: 'owner@crash.example',
      countryCode: '+44',
      phoneNumber: '2070000000',
    });
    const gateway = await insertGateway(setup.db, account.id, { deviceCount: 2 });
    await setup.close();

    const ready = /ingest subscribed to the broker/;
    let ingest = start(env);
    await ingest.waitFor(ready);
    const publisher = await mqtt.connectAsync(mosquitto.url, { protocolVersion: 4 });
    const acknowledged = new Set<string>();
    const end = Date.now() - 3_600_000;
    let sent = 0;
    /** Publishes `count` messages of 40 readings, four in flight at a time (QoS 1). */
    const publish = async (count: number, onAcknowledged?: (messages: number) => void) => {
      const batch = Array.from({ length: count }, () => {
        const index = sent++;
        const deviceId = gateway.devices[index % 2]!;
        return series(deviceId, 40, end + Math.floor(index / 2) * 40_000);
      });
      for (let start = 0; start < batch.length; start += 4) {
        await Promise.all(
          batch.slice(start, start + 4).map(async (readings) => {
            await publisher.publishAsync(topics.up(gateway.gatewayId), upPayload(readings), {
              qos: 1,
            });
            for (const reading of readings)
              acknowledged.add(`${reading.deviceId}|${String(reading.ts)}`);
            onAcknowledged?.(acknowledged.size / 40);
          }),
        );
      }
    };

    // Killed while messages are on their way to it: delivered, maybe written, not acknowledged.
    const killed = ingest;
    await publish(60, (messages) => {
      if (messages === 20) killed.child.kill('SIGKILL');
    });
    await killed.exited;
    ingest = start(env);
    await ingest.waitFor(ready);
    await publish(30);
    await publisher.endAsync();
    await mosquitto.drained();
    ingest.child.kill('SIGTERM');
    expect(await ingest.exited).toBe(0);

    const check = await openProcessDatabase(env);
    try {
      const rows = await queryRows<{ device_id: string; ts: Date | string }>(
        check.db,
        sql`select d.device_id, r.ts from readings r join devices d on d.id = r.device_id`,
      );
      const stored = new Set(
        rows.map((row) => `${row.device_id}|${new Date(row.ts).toISOString()}`),
      );
      expect(acknowledged.size).toBe(90 * 40);
      expect(rows).toHaveLength(acknowledged.size);
      expect([...acknowledged].filter((key) => !stored.has(key))).toEqual([]);
      const [rollup] = await queryRows<{ n: number | string }>(
        check.db,
        sql`select sum(count) as n from reading_rollups_1m where metric = 't'`,
      );
      expect(Number(rollup?.n)).toBe(acknowledged.size);
    } finally {
      await check.close();
    }
  }, 120_000);

  it('prints the broker address, stores what gateways send, and marks them offline on SIGTERM', async () => {
    const env = await environment();
    const setup = await openProcessDatabase(env);
    const account = await accountsRepo.insertAccount(setup.db, {
      companyName: 'Broker Lab',
      email: 'owner@broker.example',
      countryCode: '+44',
      phoneNumber: '2070000000',
    });
    const gateway = await insertGateway(setup.db, account.id);
    await setup.close();

    const server = start(env);
    const line = await server.waitFor(/MQTT broker \(gateways\) at mqtt:\/\/127\.0\.0\.1:\d+/);
    const client = await connectGateway(line.slice(line.indexOf('mqtt://')).trim(), gateway);
    await client.publishAsync(
      topics.up(gateway.gatewayId),
      upPayload(series(gateway.devices[0]!, 5)),
      { qos: 1 },
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
    client.end(true);

    const check = await openProcessDatabase(env);
    try {
      const [count] = await queryRows<{ n: number | string }>(
        check.db,
        sql`select count(*) as n from readings where device_id = ${gateway.deviceRows.get(gateway.devices[0]!)!}`,
      );
      expect(Number(count?.n)).toBe(5);
      const lines = await queryRows<{ message: string }>(
        check.db,
        sql`select message from gateway_logs where gateway_id = ${gateway.gatewayId} order by id`,
      );
      expect(lines.map((entry) => entry.message.replace(/ \(client .*\)$/, ''))).toEqual([
        'connected',
        'disconnected (platform shutting down)',
      ]);
      const [state] = await queryRows<{ status: string }>(
        check.db,
        sql`select status from gateways where id = ${gateway.id}`,
      );
      expect(state?.status).toBe('offline');
    } finally {
      await check.close();
    }
  });

  it('names MQTT_PORT when the broker port is taken', async () => {
    const blocker = createServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as AddressInfo;
    try {
      const server = start({ ...(await environment()), MQTT_PORT: String(port) });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `Port ${port} on 127.0.0.1 is already in use: set MQTT_PORT to a free port.`,
      );
    } finally {
      blocker.close();
    }
  });

  it('refuses roles that cannot work together, in one line', async () => {
    const server = start({ ...(await environment()), ROLES: 'ingest' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe('Invalid ROLES: ingest needs MQTT_URL or the broker role');
  });
});

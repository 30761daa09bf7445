import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { devices, gateways, users } from '../../src/db/schema/index.js';
import type { SecretSealer } from '../../src/lib/sealed.js';
import { hashPassword } from '../../src/lib/secrets.js';
import { createDemoApp, type TestApp } from './test-app.js';

export type IngestTestApp = TestApp & { brokerPort: number; brokerUrl: string };

/**
 * The demo API with the embedded broker and ingest (ROLES api,broker,ingest on MQTT_PORT=0),
 * listening: gateways connect to `brokerUrl`.
 */
export async function createIngestApp(env: Record<string, string> = {}): Promise<IngestTestApp> {
  const test = await createDemoApp({
    ROLES: 'api,broker,ingest',
    PORT: '0',
    MQTT_PORT: '0',
    INGEST_FLUSH_MS: '10',
    ...env,
  });
  await test.runtime.listen();
  const brokerPort = test.runtime.mqttPort;
  if (brokerPort === undefined) throw new Error('the embedded broker did not start');
  return { ...test, brokerPort, brokerUrl: `mqtt://127.0.0.1:${brokerPort}` };
}

export const randomHardwareId = () =>
  [...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0')).join(':');

export type TestGateway = {
  id: string;
  gatewayId: string;
  secret: string;
  accountId: string;
  /** Hardware ids of its devices, in order. */
  devices: string[];
  /** Row ids of its devices, by hardware id. */
  deviceRows: Map<string, string>;
};

/** A gateway with a known secret and `deviceCount` devices, inserted directly (not through the API). */
export async function insertGateway(
  db: Db,
  accountId: string,
  options: { deviceCount?: number; ttl?: number; sealer?: SecretSealer } = {},
): Promise<TestGateway> {
  const gatewayId = `gw-${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(16).toString('hex');
  const [gateway] = await db
    .insert(gateways)
    .values({
      accountId,
      gatewayId,
      name: `Gateway ${gatewayId}`,
      secretHash: await hashPassword(secret),
      secretSealed: options.sealer?.seal(secret),
    })
    .returning({ id: gateways.id });
  if (!gateway) throw new Error('gateway insert returned nothing');
  const deviceRows = new Map<string, string>();
  for (let index = 0; index < (options.deviceCount ?? 2); index += 1) {
    const deviceId = randomHardwareId();
    const [row] = await db
      .insert(devices)
      .values({
        accountId,
        deviceId,
        name: `Device ${index + 1}`,
        gatewayId: gateway.id,
        ...(options.ttl === undefined ? {} : { ttl: options.ttl }),
      })
      .returning({ id: devices.id });
    if (row) deviceRows.set(deviceId, row.id);
  }
  return {
    id: gateway.id,
    gatewayId,
    secret,
    accountId,
    devices: [...deviceRows.keys()],
    deviceRows,
  };
}

export async function accountOf(db: Db, email: string): Promise<string> {
  const [row] = await db
    .select({ accountId: users.accountId })
    .from(users)
    .where(eq(users.email, email));
  if (!row?.accountId) throw new Error(`no account for ${email}`);
  return row.accountId;
}

/** An MQTT 3.1.1 client signed in as the gateway; it does not reconnect on its own. */
export function connectGateway(
  url: string,
  gateway: Pick<TestGateway, 'gatewayId' | 'secret'>,
  options: IClientOptions = {},
): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    protocolVersion: 4,
    clientId: `test-${gateway.gatewayId}-${randomBytes(3).toString('hex')}`,
    username: gateway.gatewayId,
    password: gateway.secret,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...options,
  });
}

export type TestReading = { deviceId: string; ts: string | number; data: Record<string, unknown> };

export function upPayload(readings: TestReading[]): string {
  return JSON.stringify({ readings });
}

/** `count` readings for `deviceId`, one a second back from `end`, with t = 4.0, 4.1, ... */
export function series(deviceId: string, count: number, end = Date.now()): TestReading[] {
  return Array.from({ length: count }, (_, index) => ({
    deviceId,
    ts: new Date(end - (count - 1 - index) * 1000).toISOString(),
    data: { t: 4 + index / 10, h: 40 + (index % 5), b: 90, m: 3 },
  }));
}

export async function readingCount(db: Db, deviceRowId: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from readings where device_id = ${deviceRowId}`,
  );
  return Number(row?.n ?? 0);
}

export async function gatewayLogLines(
  db: Db,
  gatewayId: string,
): Promise<{ source: string; message: string }[]> {
  return queryRows(
    db,
    sql`select source, message from gateway_logs where gateway_id = ${gatewayId} order by id`,
  );
}

/** The value of one sample of the Prometheus text, 0 when absent. */
export function metricValue(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((label) => line.includes(label))) total += Number(line.split(' ').at(-1));
  }
  return total;
}

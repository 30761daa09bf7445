import { topics } from '@vigil/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { accounts, devices, gateways } from '../../src/db/schema/index.js';
import { createAccountWithOwner, demo } from '../helpers/fixtures.js';
import {
  accountOf,
  connectGateway,
  createIngestApp,
  gatewayLogLines,
  insertGateway,
  metricValue,
  readingCount,
  series,
  upPayload,
  type IngestTestApp,
} from '../helpers/ingest.js';
import { followedUp } from '../helpers/test-app.js';

let test: IngestTestApp;
let accountId: string;
const db = () => test.runtime.ctx.db;

beforeAll(async () => {
  test = await createIngestApp();
  accountId = await accountOf(db(), demo.owner);
});
afterAll(async () => {
  await test.close();
});

type RollupRow = {
  metric: string;
  bucket: Date | string;
  min: number;
  max: number;
  sum: number;
  count: number | string;
};
/** Every rollup level, with its bucket width. */
const rollupTables = [
  ['1 minute', 'reading_rollups_1m'],
  ['10 minutes', 'reading_rollups_10m'],
  ['1 hour', 'reading_rollups_1h'],
  ['6 hours', 'reading_rollups_6h'],
  ['1 day', 'reading_rollups_1d'],
] as const;
/** A rollup row with its sum to 6 significant digits: summing in another order may differ in the last bits. */
const comparable = (row: RollupRow) => ({
  metric: row.metric,
  bucket: new Date(row.bucket).toISOString(),
  min: row.min,
  max: row.max,
  sum: Number(row.sum.toPrecision(6)),
  count: Number(row.count),
});

async function deviceRow(id: string) {
  const [row] = await db().select().from(devices).where(eq(devices.id, id));
  if (!row) throw new Error('no device');
  return row;
}

describe('ingest through the embedded broker', () => {
  it('acknowledges a QoS 1 message only once its readings are stored', async () => {
    const gateway = await insertGateway(db(), accountId);
    const [deviceId] = gateway.devices;
    const rowId = gateway.deviceRows.get(deviceId!)!;
    const client = await connectGateway(test.brokerUrl, gateway);
    const order: string[] = [];
    const onReadings = () => order.push('stored');
    test.runtime.ingest.events.on('readings', onReadings);
    client.on('packetreceive', (packet) => {
      if (packet.cmd === 'puback') order.push('puback');
    });

    const readings = series(deviceId!, 500);
    await client.publishAsync(topics.up(gateway.gatewayId), upPayload(readings), { qos: 1 });
    // The PUBACK has arrived: every row must already be there.
    expect(await readingCount(db(), rowId)).toBe(500);
    expect(order).toEqual(['stored', 'puback']);
    test.runtime.ingest.events.off('readings', onReadings);

    // Device state follows after the acknowledgement (modules/readings/follow-up.ts).
    await followedUp();
    const device = await deviceRow(rowId);
    expect(device.status).toBe('active');
    expect(device.latestTs?.toISOString()).toBe(readings.at(-1)?.ts);
    expect(device.latestData).toMatchObject({
      createdAt: readings.at(-1)?.ts,
      t: 4 + 499 / 10,
      m: 3,
      CO2_s: null,
      backfilled: false,
    });
    await client.endAsync();
  });

  it('stores a duplicate or a redelivered message once, rollups included', async () => {
    const gateway = await insertGateway(db(), accountId);
    const deviceId = gateway.devices[0]!;
    const rowId = gateway.deviceRows.get(deviceId)!;
    const payload = upPayload(series(deviceId, 20));
    const first = await connectGateway(test.brokerUrl, gateway);
    await first.publishAsync(topics.up(gateway.gatewayId), payload, { qos: 1 });
    await first.publishAsync(topics.up(gateway.gatewayId), payload, { qos: 1 });
    // As after a lost PUBACK: the gateway reconnects and sends the same message again.
    first.stream.destroy();
    const second = await connectGateway(test.brokerUrl, gateway);
    await second.publishAsync(topics.up(gateway.gatewayId), payload, { qos: 1, dup: true });
    await second.endAsync();
    await followedUp();

    expect(await readingCount(db(), rowId)).toBe(20);
    const [rollup] = await queryRows<{ count: number | string; sum: number }>(
      db(),
      sql`select sum(count) as count, sum(sum) as sum from reading_rollups_1h
          where device_id = ${rowId} and metric = 't'`,
    );
    expect(Number(rollup?.count)).toBe(20);
    const metrics = (await test.app.inject({ url: '/metrics' })).body;
    expect(
      metricValue(metrics, 'vigil_ingest_readings_total', { outcome: 'duplicate' }),
    ).toBeGreaterThanOrEqual(40);
  });

  it('stores late readings at their own time, flagged backfilled, with their rollups', async () => {
    const gateway = await insertGateway(db(), accountId);
    const deviceId = gateway.devices[0]!;
    const rowId = gateway.deviceRows.get(deviceId)!;
    const client = await connectGateway(test.brokerUrl, gateway);
    const now = Date.now();
    const current = series(deviceId, 30, now);
    await client.publishAsync(topics.up(gateway.gatewayId), upPayload(current), { qos: 1 });
    // A gateway back from an outage sends what it buffered: yesterday's and 20 minutes ago.
    const late = [
      ...series(deviceId, 90, now - 86_400_000),
      ...series(deviceId, 30, now - 20 * 60_000),
    ].map((reading, index) => ({ ...reading, data: { t: -20 + index / 7, h: 55, d: index % 2 } }));
    await client.publishAsync(topics.up(gateway.gatewayId), upPayload(late), { qos: 1 });
    await client.endAsync();
    await followedUp();

    const flags = await queryRows<{ backfilled: boolean; n: number | string }>(
      db(),
      sql`select backfilled, count(*) as n from readings where device_id = ${rowId} group by 1 order by 1`,
    );
    expect(flags.map((row) => [row.backfilled, Number(row.n)])).toEqual([
      [false, 30],
      [true, 120],
    ]);
    // The device's latest reading stays the newest one.
    expect((await deviceRow(rowId)).latestTs?.toISOString()).toBe(current.at(-1)?.ts);
    for (const [unit, table] of rollupTables) {
      const kept = await queryRows<RollupRow>(
        db(),
        sql`select metric, bucket, min, max, sum, count
            from ${sql.raw(table)} where device_id = ${rowId} order by metric, bucket`,
      );
      const recomputed = await queryRows<RollupRow>(
        db(),
        sql`select m.metric,
              date_bin(${unit}::interval, r.ts, timestamptz '2000-01-01 00:00:00+00') as bucket, min(m.value) as min,
              max(m.value) as max, sum(m.value) as sum, count(*) as count
            from readings r cross join lateral (values ('t', r.t::float8), ('h', r.h::float8),
              ('b', r.b::float8), ('d', r.d::float8)) as m(metric, value)
            where r.device_id = ${rowId} and m.value is not null
            group by 1, 2 order by 1, 2`,
      );
      expect(kept.length).toBeGreaterThan(1);
      expect(kept.map(comparable)).toEqual(recomputed.map(comparable));
    }
  });

  it('maps fields to columns: -255 is NULL, aliases, node type, unknown fields and device ids', async () => {
    const gateway = await insertGateway(db(), accountId);
    const deviceId = gateway.devices[0]!;
    const rowId = gateway.deviceRows.get(deviceId)!;
    const client = await connectGateway(test.brokerUrl, gateway);
    const ts = new Date(Date.now() - 1000).toISOString();
    const shouted = deviceId.replaceAll(':', '').toUpperCase();
    await client.publishAsync(
      topics.up(gateway.gatewayId),
      upPayload([
        {
          deviceId: shouted,
          ts,
          data: {
            t: -255,
            h: 41.5,
            Node_Type: 2,
            BV: 88,
            CO2_s: 5.1,
            bmp_s: 1013.2,
            fw: 'x1',
            ok: true,
          },
        },
      ]),
      { qos: 1 },
    );
    await client.endAsync();
    const [row] = await queryRows<Record<string, unknown>>(
      db(),
      sql`select t, h, node_type, bv, co2_s, pressure, extra from readings where device_id = ${rowId}`,
    );
    expect(row).toEqual({
      t: null,
      h: 41.5,
      node_type: 2,
      bv: 88,
      co2_s: expect.closeTo(5.1, 5),
      pressure: expect.closeTo(1013.2, 3),
      extra: { fw: 'x1', ok: true },
    });
    await followedUp();
    expect((await deviceRow(rowId)).nodeType).toBe(2);
  });

  it('counts and logs readings of unregistered devices without storing them', async () => {
    const gateway = await insertGateway(db(), accountId);
    const other = await createAccountWithOwner(db(), 'Elsewhere Lab', 'owner@elsewhere.example');
    const foreign = await insertGateway(db(), other.account.id);
    const client = await connectGateway(test.brokerUrl, gateway);
    const readings = [
      ...series('aa:00:00:00:00:01', 3),
      ...series(foreign.devices[0]!, 2),
      ...series(gateway.devices[0]!, 4),
    ];
    await client.publishAsync(topics.up(gateway.gatewayId), upPayload(readings), { qos: 1 });
    await client.endAsync();
    expect(await readingCount(db(), gateway.deviceRows.get(gateway.devices[0]!)!)).toBe(4);
    expect(await readingCount(db(), foreign.deviceRows.get(foreign.devices[0]!)!)).toBe(0);
    const lines = (await gatewayLogLines(db(), gateway.gatewayId)).map((line) => line.message);
    expect(lines).toContain(
      'unknown device aa:00:00:00:00:01: 3 readings not stored (not registered in this account)',
    );
    expect(lines).toContain(
      `unknown device ${foreign.devices[0]!}: 2 readings not stored (not registered in this account)`,
    );
  });

  it('refuses a wrong secret and the gateways of a disabled account', async () => {
    const gateway = await insertGateway(db(), accountId);
    await expect(
      connectGateway(test.brokerUrl, { ...gateway, secret: 'not-the-secret' }),
    ).rejects.toThrow(/Not authorized/);
    const other = await createAccountWithOwner(db(), 'Closed Lab', 'owner@closed.example');
    const closed = await insertGateway(db(), other.account.id);
    await db()
      .update(accounts)
      .set({ status: 'disabled' })
      .where(eq(accounts.id, other.account.id));
    await expect(connectGateway(test.brokerUrl, closed)).rejects.toThrow(/Not authorized/);
    await expect(
      connectGateway(test.brokerUrl, { gatewayId: 'gw-never-registered', secret: 'x' }),
    ).rejects.toThrow(/Not authorized/);
    await vi.waitFor(async () => {
      const lines = await gatewayLogLines(db(), gateway.gatewayId);
      expect(lines.map((line) => line.message)).toContain(
        'connection refused: wrong secret or account disabled',
      );
    });
  });

  it('lets a gateway publish and subscribe only on its own topics', async () => {
    const own = await insertGateway(db(), accountId);
    const victim = await insertGateway(db(), accountId);
    const client = await connectGateway(test.brokerUrl, own);
    const subacks: number[][] = [];
    client.on('packetreceive', (packet) => {
      if (packet.cmd === 'suback') subacks.push(packet.granted as number[]);
    });
    const granted = await client.subscribeAsync(topics.down(own.gatewayId), { qos: 1 });
    expect(granted.map((grant) => grant.qos)).toEqual([1]);
    await expect(
      client.subscribeAsync([topics.down(victim.gatewayId), '#'], { qos: 1 }),
    ).rejects.toThrow(/Subscribe error/);
    // SUBACK 128: refused, and the connection stays up.
    expect(subacks).toEqual([[1], [128, 128]]);
    expect(client.connected).toBe(true);

    const closed = new Promise<void>((resolve) => client.once('close', resolve));
    client.publish(topics.up(victim.gatewayId), upPayload(series(victim.devices[0]!, 3)), {
      qos: 1,
    });
    await closed;
    client.end(true);
    expect(await readingCount(db(), victim.deviceRows.get(victim.devices[0]!)!)).toBe(0);
    await vi.waitFor(async () => {
      const lines = await gatewayLogLines(db(), own.gatewayId);
      expect(lines.map((line) => line.message)).toContain(
        `publish refused: ${topics.up(victim.gatewayId)} is not one of its topics`,
      );
    });
  });

  it('refuses malformed messages, counts and logs each, and keeps storing good ones', async () => {
    const gateway = await insertGateway(db(), accountId);
    const deviceId = gateway.devices[0]!;
    const rowId = gateway.deviceRows.get(deviceId)!;
    const client = await connectGateway(test.brokerUrl, gateway);
    const ts = new Date().toISOString();
    const bad = {
      truncated: upPayload(series(deviceId, 3)).slice(0, 40),
      nan: `{"readings":[{"deviceId":"${deviceId}","ts":"${ts}","data":{"t":NaN}}]}`,
      wrongType: upPayload([{ deviceId, ts, data: { t: 'warm' } }]),
      huge: upPayload(series(deviceId, 1001)),
      future: upPayload([{ deviceId, ts: Date.now() + 10 * 60_000, data: { t: 4 } }]),
      ancient: upPayload([{ deviceId, ts: '1999-12-31T23:59:59Z', data: { t: 4 } }]),
      smallintOverflow: upPayload([{ deviceId, ts, data: { m: 70_000 } }]),
    };
    const before = (await test.app.inject({ url: '/metrics' })).body;
    for (const payload of Object.values(bad)) {
      await client.publishAsync(topics.up(gateway.gatewayId), payload, { qos: 1 });
    }
    expect(await readingCount(db(), rowId)).toBe(0);
    // The pipeline still runs: a good message right after is stored.
    await client.publishAsync(topics.up(gateway.gatewayId), upPayload(series(deviceId, 2)), {
      qos: 1,
    });
    expect(await readingCount(db(), rowId)).toBe(2);
    await client.endAsync();

    const after = (await test.app.inject({ url: '/metrics' })).body;
    const rejected = (reason: string) =>
      metricValue(after, 'vigil_ingest_rejected_messages_total', { reason }) -
      metricValue(before, 'vigil_ingest_rejected_messages_total', { reason });
    expect(rejected('invalid_json')).toBe(2);
    expect(rejected('schema')).toBe(1);
    expect(rejected('too_many_readings')).toBe(1);
    expect(rejected('timestamp_future')).toBe(1);
    expect(rejected('timestamp_too_old')).toBe(1);
    expect(rejected('value_out_of_range')).toBe(1);
    const lines = (await gatewayLogLines(db(), gateway.gatewayId)).filter(
      (line) => line.source === 'platform',
    );
    const rejections = lines.filter((line) => line.message.startsWith('rejected a message on up'));
    // Two invalid JSON messages: the first is logged, the second counted into the minute's summary.
    expect(rejections).toHaveLength(6);
    expect(rejections.map((line) => line.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^rejected a message on up: invalid json \(/),
        expect.stringMatching(/too many readings \(1001 readings/),
        expect.stringMatching(
          /timestamp future \(readings\.0: ts: more than 5 minutes in the future\)/,
        ),
        expect.stringMatching(/schema \(readings\.0\.data/),
      ]),
    );
  });

  it('keeps gateway status, firmware and log lines from its status and log topics', async () => {
    const gateway = await insertGateway(db(), accountId);
    const online = new Promise((resolve) => {
      test.runtime.ingest.events.on('gatewayStatus', (change) => {
        if (change.gatewayId === gateway.gatewayId && change.status === 'online') resolve(change);
      });
    });
    const client = await connectGateway(test.brokerUrl, gateway, {
      will: {
        topic: topics.status(gateway.gatewayId),
        payload: Buffer.from('{"online":false}'),
        qos: 1,
        retain: true,
      },
    });
    await online;
    await client.publishAsync(
      topics.status(gateway.gatewayId),
      JSON.stringify({
        online: true,
        esp32Version: '1.4.2',
        loraVersion: '2.1.0',
        nextionVersion: '1.0.7',
        loraFreq: '868',
        ota: { command: 'main_ota', status: 'downloading', progress: 40 },
      }),
      { qos: 1, retain: true },
    );
    await client.publishAsync(
      topics.log(gateway.gatewayId),
      JSON.stringify({ message: 'boot ok' }),
      { qos: 1 },
    );
    await client.publishAsync(
      topics.log(gateway.gatewayId),
      JSON.stringify({ lines: ['lora up', 'wifi -61 dBm'] }),
      {
        qos: 1,
      },
    );
    const [row] = await db().select().from(gateways).where(eq(gateways.id, gateway.id));
    expect(row).toMatchObject({
      status: 'online',
      esp32LastVersion: '1.4.2',
      loraLastVersion: '2.1.0',
      nextionLastVersion: '1.0.7',
      loraFreq: '868',
      mainOtaStatus: 'downloading 40%',
    });
    expect(row?.lastSeenAt).toBeInstanceOf(Date);

    // A power cut: no DISCONNECT, so the broker publishes the last will.
    const offline = new Promise((resolve) => {
      test.runtime.ingest.events.on('gatewayStatus', (change) => {
        if (change.gatewayId === gateway.gatewayId && change.status === 'offline') resolve(change);
      });
    });
    client.stream.destroy();
    await offline;
    await vi.waitFor(async () => {
      const lines = await gatewayLogLines(db(), gateway.gatewayId);
      expect(
        lines.map((line) => [line.source, line.message.replace(/ \(client .*\)$/, '')]),
      ).toEqual([
        ['platform', 'connected'],
        // The status report's OTA step is a line of the gateway's log too.
        ['gateway', 'OTA main_ota: downloading 40%'],
        ['gateway', 'boot ok'],
        ['gateway', 'lora up'],
        ['gateway', 'wifi -61 dBm'],
        ['platform', 'disconnected'],
      ]);
    });
    const [after] = await db()
      .select({ status: gateways.status })
      .from(gateways)
      .where(eq(gateways.id, gateway.id));
    expect(after?.status).toBe('offline');
  });

  it('reports the broker in /healthz', async () => {
    const response = await test.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', db: 'ok', broker: 'ok' });
  });
});

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  firmwareCommandMessage,
  topics,
  type FirmwareCommandMessage,
  type GatewayFirmwareEvent,
} from '@vigil/contracts';
import { GatewayClient } from '@vigil/simulator';
import { desc, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, devices, firmwareUpdates, gateways } from '../../src/db/schema/index.js';
import { demo } from '../helpers/fixtures.js';
import {
  accountOf,
  connectGateway,
  createIngestApp,
  gatewayLogLines,
  insertGateway,
  type IngestTestApp,
  type TestGateway,
} from '../helpers/ingest.js';
import { form, image, nextCommand, sha, type Part } from '../helpers/firmware.js';
import { login } from '../helpers/test-app.js';

const maxBytes = 64 * 1024;
let test: IngestTestApp;
let admin: Record<string, string>;
let owner: Record<string, string>;
let accountId: string;
const db = () => test.runtime.ctx.db;

function upload(parts: Part[], headers = admin) {
  return test.app.inject({ method: 'POST', url: '/api/firmware', headers, payload: form(parts) });
}

/** The first `firmware` event that satisfies `match`. */
function firmwareEvent(
  match: (event: GatewayFirmwareEvent) => boolean,
): Promise<GatewayFirmwareEvent> {
  return new Promise((resolve) => {
    const listener = (event: GatewayFirmwareEvent) => {
      if (!match(event)) return;
      test.runtime.ingest.events.off('firmware', listener);
      resolve(event);
    };
    test.runtime.ingest.events.on('firmware', listener);
  });
}

/** The download link as this test reaches the server (the command names PUBLIC_URL). */
const reachable = (url: string) => url.replace('http://vigil.example', test.runtime.url ?? '');

async function onlineGateway(): Promise<{ gateway: TestGateway; client: MqttClient }> {
  const gateway = await insertGateway(db(), accountId, { deviceCount: 1 });
  const client = await connectGateway(test.brokerUrl, gateway);
  await client.subscribeAsync(topics.down(gateway.gatewayId), { qos: 1 });
  await vi.waitFor(async () => {
    const [row] = await db().select().from(gateways).where(eq(gateways.id, gateway.id));
    expect(row?.status).toBe('online');
  });
  return { gateway, client };
}

async function uploadGatewayFirmware(kind: 'loraFw' | 'espFw' | 'nextion', version: string) {
  const bytes = image();
  const extension = kind === 'nextion' ? 'tft' : 'bin';
  const response = await upload([
    { name: kind, filename: `${kind}_v${version}.${extension}`, bytes },
  ]);
  expect(response.statusCode).toBe(201);
  return { bytes, file: response.json().data.files[0] as { id: string; version: string } };
}

beforeAll(async () => {
  test = await createIngestApp({ FIRMWARE_MAX_BYTES: String(maxBytes) });
  admin = (await login(test.app, demo.admin)).headers;
  owner = (await login(test.app, demo.owner)).headers;
  accountId = await accountOf(db(), demo.owner);
});
afterAll(async () => {
  await test.close();
});

describe('firmware upload', () => {
  it('stores .bin and .tft files with checksum and version, and audits it', async () => {
    const lora = image();
    const nextion = image(2000);
    const response = await upload([
      { name: 'target', value: 'gateway' },
      { name: 'loraFw', filename: 'lora_v2.3.0.bin', bytes: lora },
      { name: 'nextion', filename: 'display.tft', bytes: nextion },
      { name: 'nextionVersion', value: '1.1.0' },
    ]);
    expect(response.statusCode).toBe(201);
    const { files, message } = response.json().data;
    expect(message).toBe('Gateway uploaded successfully');
    expect(files).toMatchObject([
      { kind: 'loraFw', target: 'gateway', version: '2.3.0', size: 4096, sha256: sha(lora) },
      { kind: 'nextion', target: 'gateway', version: '1.1.0', size: 2000, sha256: sha(nextion) },
    ]);
    const listed = await test.app.inject({ url: '/api/firmware?kind=loraFw', headers: admin });
    expect(listed.json().data.list.map((file: { id: string }) => file.id)).toContain(files[0].id);
    const stored = await readFile(
      join(test.dataDir, 'files', 'firmware', 'gateway', `${files[0].id}-lora_v2.3.0.bin`),
    );
    expect(stored.equals(lora)).toBe(true);
    const [entry] = await db().select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect(entry).toMatchObject({ event: 'firmware', action: 'upload', userEmail: demo.admin });
    expect(entry?.information).toContain(sha(lora));
  });

  it('refuses other file types, text renamed to .bin, oversize, missing parts and espFw for nodes', async () => {
    const refused = async (parts: Part[], status: number, message: string) => {
      const response = await upload(parts);
      expect(response.statusCode).toBe(status);
      expect(response.json().errors[0].message).toBe(message);
    };
    await refused(
      [{ name: 'loraFw', filename: 'lora_v1.0.0.hex', bytes: image() }],
      400,
      'only .bin and .tft firmware files are accepted',
    );
    await refused(
      [
        {
          name: 'espFw',
          filename: 'esp_v1.0.0.bin',
          bytes: Buffer.from('<html>not firmware</html>'),
        },
      ],
      400,
      'only .bin and .tft firmware files are accepted',
    );
    await refused(
      [{ name: 'espFw', filename: 'esp_v1.0.0.bin', bytes: image(maxBytes + 1) }],
      413,
      'the firmware file is too large',
    );
    await refused(
      [{ name: 'nextionVersion', value: '1.0.0' }],
      400,
      'please choose at least one firmware file (loraFw, espFw or nextion)',
    );
    await refused(
      [
        { name: 'target', value: 'node' },
        { name: 'espFw', filename: 'esp_v1.0.0.bin', bytes: image() },
      ],
      400,
      'node devices take no espFw file',
    );
    await refused(
      [{ name: 'loraFw', filename: 'lora.bin', bytes: image() }],
      400,
      'please enter the firmware version (it is not in the file name)',
    );
    await refused(
      [{ name: 'firmware', filename: 'x_v1.0.0.bin', bytes: image() }],
      400,
      'unknown upload part; use target, loraFw, espFw, nextion and their versions',
    );
    const plain = await test.app.inject({
      method: 'POST',
      url: '/api/firmware',
      headers: admin,
      payload: { loraFw: 'x' },
    });
    expect(plain.statusCode).toBe(400);
    // Nothing refused was kept.
    const kept = await test.app.inject({ url: '/api/firmware', headers: admin });
    expect(
      kept.json().data.list.every((file: { version: string }) => file.version !== '1.0.0'),
    ).toBe(true);
  });

  it('is the platform administrator’s only', async () => {
    const response = await upload(
      [{ name: 'loraFw', filename: 'l_v1.2.3.bin', bytes: image() }],
      owner,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('gateway firmware update over MQTT', () => {
  it('publishes the command on the gateway’s down topic with a link only that update can use', async () => {
    const { bytes, file } = await uploadGatewayFirmware('espFw', '3.0.1');
    const first = await onlineGateway();
    const second = await onlineGateway();

    const received = nextCommand(first.client, first.gateway.gatewayId);
    const response = await test.app.inject({
      url: `/api/gateway/public/gateway?id=${first.gateway.id}&command=main_ota&firmwareId=${file.id}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      message: 'Node Devices/Gateway updated successfully',
      update: {
        status: 'sent',
        command: 'main_ota',
        version: '3.0.1',
        gatewayId: first.gateway.id,
      },
    });
    const command: FirmwareCommandMessage = firmwareCommandMessage.parse(await received);
    expect(command).toMatchObject({
      command: 'main_ota',
      version: '3.0.1',
      sha256: sha(bytes),
      size: 4096,
    });
    expect(command.url.startsWith('http://vigil.example/api/firmware/download/')).toBe(true);

    const [gatewayRow] = await db()
      .select()
      .from(gateways)
      .where(eq(gateways.id, first.gateway.id));
    expect(gatewayRow).toMatchObject({ esp32NewVersion: '3.0.1', mainOtaStatus: 'sent' });

    const download = await fetch(reachable(command.url));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    // The second gateway's own link does not open the first gateway's update, nor the reverse.
    const otherReceived = nextCommand(second.client, second.gateway.gatewayId);
    await test.app.inject({
      url: `/api/gateway/public/gateway?id=${second.gateway.id}&command=main_ota&firmwareId=${file.id}`,
      headers: admin,
    });
    const other = firmwareCommandMessage.parse(await otherReceived);
    const otherToken = new URL(other.url).searchParams.get('token') ?? '';
    const ownToken = new URL(command.url).searchParams.get('token') ?? '';
    const crossed = [
      `/api/firmware/download/${command.updateId}?token=${encodeURIComponent(otherToken)}`,
      `/api/firmware/download/${other.updateId}?token=${encodeURIComponent(ownToken)}`,
      `/api/firmware/download/${command.updateId}?token=forged`,
    ];
    for (const url of crossed) {
      const refused = await test.app.inject({ url });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0].message).toBe('this link is invalid or has expired');
    }

    // An expired link fails.
    await db()
      .update(firmwareUpdates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(firmwareUpdates.id, command.updateId));
    expect((await fetch(reachable(command.url))).status).toBe(403);
    await Promise.all([first.client.endAsync(), second.client.endAsync()]);
  });

  it('records the gateway’s progress and result from its status topic', async () => {
    const { file } = await uploadGatewayFirmware('loraFw', '2.4.0');
    const { gateway, client } = await onlineGateway();
    const received = nextCommand(client, gateway.gatewayId);
    await test.app.inject({
      url: `/api/gateway/public/gateway?id=${gateway.id}&command=main_LoRa&firmwareId=${file.id}`,
      headers: admin,
    });
    const command = firmwareCommandMessage.parse(await received);
    const report = (ota: object, extra: object = {}) =>
      client.publishAsync(
        topics.status(gateway.gatewayId),
        JSON.stringify({
          online: true,
          ...extra,
          ota: { updateId: command.updateId, command: 'main_LoRa', ...ota },
        }),
        { qos: 1 },
      );

    const halfway = firmwareEvent((event) => event.update.progress === 50);
    await report({ status: 'downloading', progress: 50 });
    expect((await halfway).gateway).toMatchObject({
      loraMainStatus: 'downloading 50%',
      loraNewVersion: '2.4.0',
    });
    const [row] = await db()
      .select()
      .from(firmwareUpdates)
      .where(eq(firmwareUpdates.id, command.updateId));
    expect(row).toMatchObject({ status: 'downloading', progress: 50 });

    const done = firmwareEvent((event) => event.update.status === 'done');
    await report({ status: 'done', progress: 100, version: '2.4.0' }, { loraVersion: '2.4.0' });
    expect((await done).gateway).toMatchObject({
      loraLastVersion: '2.4.0',
      loraMainStatus: 'done',
    });
    const [gatewayRow] = await db().select().from(gateways).where(eq(gateways.id, gateway.id));
    expect(gatewayRow).toMatchObject({
      loraLastVersion: '2.4.0',
      loraNewVersion: '2.4.0',
      loraMainStatus: 'done',
    });

    const lines = (await gatewayLogLines(db(), gateway.gatewayId)).map((line) => line.message);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^OTA main_LoRa: sent 2\.4\.0/),
        'OTA main_LoRa: downloading 50% (2.4.0)',
        'OTA main_LoRa: done 100% (2.4.0)',
      ]),
    );
    // A finished update's link no longer works.
    expect((await fetch(reachable(command.url))).status).toBe(403);
    await client.endAsync();
  });

  it('refuses an offline gateway, and a gateway without uploaded firmware of that kind', async () => {
    const offline = await insertGateway(db(), accountId);
    const response = await test.app.inject({
      url: `/api/gateway/public/gateway?id=${offline.id}&command=main_ota`,
      headers: admin,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].message).toBe(
      'the gateway is offline; try again once it is connected',
    );
    const unknown = await test.app.inject({
      url: `/api/gateway/public/gateway?id=${offline.id}&command=main_ota&firmwareId=${offline.id}`,
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('sends the LoRa frequency with an empty body', async () => {
    const { gateway, client } = await onlineGateway();
    await db().update(gateways).set({ loraFreq: '868.1' }).where(eq(gateways.id, gateway.id));
    const received = nextCommand(client, gateway.gatewayId);
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/gateway/${gateway.id}/loraFrequency`,
      headers: owner,
    });
    expect(response.statusCode).toBe(200);
    expect(await received).toEqual({ command: 'lora_frequency', frequency: '868.1' });
    await client.endAsync();
  });
});

describe('the simulated gateway installs what it is sent', () => {
  async function simulated(failureRate: number) {
    const gateway = await insertGateway(db(), accountId, { deviceCount: 1 });
    const client = new GatewayClient(test.brokerUrl, gateway, {
      ota: {
        failureRate,
        stepMs: 0,
        fetch: (input) => fetch(reachable(input instanceof Request ? input.url : input.toString())),
      },
    });
    await client.connect();
    await vi.waitFor(async () => {
      const [row] = await db().select().from(gateways).where(eq(gateways.id, gateway.id));
      expect(row?.status).toBe('online');
    });
    return { gateway, client };
  }

  it('downloads, checks, reboots and reports the new version', async () => {
    const { file } = await uploadGatewayFirmware('espFw', '9.9.9');
    const { gateway, client } = await simulated(0);
    const seen: string[] = [];
    const collect = (event: GatewayFirmwareEvent) => {
      if (event.gateway?.id === gateway.id) seen.push(event.gateway.mainOtaStatus ?? '');
    };
    test.runtime.ingest.events.on('firmware', collect);
    const done = firmwareEvent(
      (event) => event.gateway?.id === gateway.id && event.update.status === 'done',
    );
    await test.app.inject({
      url: `/api/gateway/public/gateway?id=${gateway.id}&command=main_ota&firmwareId=${file.id}`,
      headers: admin,
    });
    expect((await done).gateway).toMatchObject({
      esp32LastVersion: '9.9.9',
      mainOtaStatus: 'done',
    });
    test.runtime.ingest.events.off('firmware', collect);
    expect(seen).toEqual([
      'sent',
      'downloading 0%',
      'downloading 25%',
      'downloading 50%',
      'downloading 75%',
      'downloading 100%',
      'installing 100%',
      'done',
    ]);
    expect(client.versions.esp32Version).toBe('9.9.9');
    // It rebooted: disconnected and connected again (the broker logs that on its own time).
    await vi.waitFor(async () => {
      const lines = await gatewayLogLines(db(), gateway.gatewayId);
      const connects = lines.filter((line) => line.message.startsWith('connected'));
      expect(connects.length).toBeGreaterThanOrEqual(2);
    });
    await client.close();
  });

  it('reports a failed install with its reason', async () => {
    const { file } = await uploadGatewayFirmware('nextion', '4.0.0');
    const { gateway, client } = await simulated(1);
    const failed = firmwareEvent(
      (event) => event.gateway?.id === gateway.id && event.update.status === 'failed',
    );
    await test.app.inject({
      url: `/api/gateway/public/gateway?id=${gateway.id}&command=nextion_main&firmwareId=${file.id}`,
      headers: admin,
    });
    const event = await failed;
    expect(event.update.error).toBe('flash write failed (simulated)');
    expect(event.gateway).toMatchObject({
      nextionStatus: 'failed: flash write failed (simulated)',
      nextionNewVersion: '4.0.0',
    });
    expect(event.gateway?.nextionLastVersion).not.toBe('4.0.0');
    await client.close();
  });

  it('updates a node through its gateway', async () => {
    const bytes = image();
    const uploaded = await upload([
      { name: 'target', value: 'node' },
      { name: 'loraFw', filename: 'node_v5.1.0.bin', bytes },
    ]);
    const [file] = uploaded.json().data.files as { id: string }[];
    const { gateway, client } = await simulated(0);
    const nodeRowId = gateway.deviceRows.get(gateway.devices[0] ?? '') ?? '';
    const done = firmwareEvent(
      (event) => event.device?.id === nodeRowId && event.update.status === 'done',
    );
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/device/${nodeRowId}/firmware`,
      headers: admin,
      payload: { firmwareId: file?.id },
    });
    expect(response.statusCode).toBe(200);
    expect((await done).device).toMatchObject({
      fvLastVersion: '5.1.0',
      fvNewVersion: '5.1.0',
      otaStatus: 'done',
    });
    const [row] = await db().select().from(devices).where(eq(devices.id, nodeRowId));
    expect(row?.fvLastVersion).toBe('5.1.0');
    expect(client.ota.nodeVersion(gateway.devices[0] ?? '')).toBe('5.1.0');
    await client.close();
  });
});

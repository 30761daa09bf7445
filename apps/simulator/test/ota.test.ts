import { createHash, randomUUID } from 'node:crypto';
import type { StatusMessage } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { createOtaAgent, type FirmwareVersions } from '../src/ota.js';

type Report = NonNullable<StatusMessage['ota']>;

function setup(options: { failureRate?: number; body?: Buffer; status?: number } = {}) {
  const bytes = Buffer.alloc(10_000, 7);
  const served = options.body ?? bytes;
  const reports: Report[] = [];
  const events: string[] = [];
  const versions: FirmwareVersions = {
    esp32Version: '1.0.0',
    loraVersion: '1.0.0',
    nextionVersion: '1.0.0',
  };
  const agent = createOtaAgent(
    {
      gatewayId: 'gw-1',
      versions,
      report: (ota) => {
        reports.push(ota);
        events.push(`${ota.status} ${ota.progress ?? ''}`.trim());
        return Promise.resolve();
      },
      reboot: () => {
        events.push(`reboot with ${versions.esp32Version}`);
        return Promise.resolve();
      },
      setLoraFrequency: (frequency) => {
        events.push(`frequency ${frequency}`);
        return Promise.resolve();
      },
    },
    {
      failureRate: options.failureRate ?? 0,
      random: () => 0.5,
      fetch: () =>
        Promise.resolve(
          new Response(
            new ReadableStream({
              start(controller) {
                for (let at = 0; at < served.length; at += 2500)
                  controller.enqueue(served.subarray(at, at + 2500));
                controller.close();
              },
            }),
            { status: options.status ?? 200 },
          ),
        ),
    },
  );
  const command = {
    command: 'main_ota',
    updateId: randomUUID(),
    url: 'http://platform.test/api/firmware/download/x?token=t',
    sha256: createHash('sha256').update(bytes).digest('hex'),
    version: '2.0.0',
    size: bytes.length,
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  };
  const send = (message: object) => agent.handle(Buffer.from(JSON.stringify(message)));
  return { agent, reports, events, versions, command, send };
}

describe('the simulated gateway’s OTA agent', () => {
  it('downloads with progress, reboots with the new version, then reports done', async () => {
    const { events, versions, command, send, reports } = setup();
    await send(command);
    expect(events).toEqual([
      'downloading 0',
      'downloading 25',
      'downloading 50',
      'downloading 75',
      'downloading 100',
      'installing 100',
      'reboot with 2.0.0',
      'done 100',
    ]);
    expect(versions.esp32Version).toBe('2.0.0');
    expect(reports.every((report) => report.updateId === command.updateId)).toBe(true);
  });

  it('refuses a file whose checksum does not match', async () => {
    const { events, versions, command, send, reports } = setup({ body: Buffer.alloc(10_000, 8) });
    await send(command);
    expect(events.at(-1)).toBe('failed 0');
    expect(reports.at(-1)?.error).toBe('checksum mismatch');
    expect(versions.esp32Version).toBe('1.0.0');
  });

  it('fails at the configured rate and when the link is refused', async () => {
    const flaky = setup({ failureRate: 1 });
    await flaky.send(flaky.command);
    expect(flaky.reports.at(-1)).toMatchObject({
      status: 'failed',
      error: 'flash write failed (simulated)',
    });
    expect(flaky.events).not.toContain('reboot with 2.0.0');
    const refused = setup({ status: 403 });
    await refused.send(refused.command);
    expect(refused.reports.at(-1)).toMatchObject({
      status: 'failed',
      error: 'download refused (HTTP 403)',
    });
  });

  it('passes node updates on without rebooting, applies the LoRa frequency and ignores noise', async () => {
    const { agent, events, command, send } = setup();
    await send({ ...command, command: 'node_ota', deviceId: 'aa:bb:cc:dd:ee:ff' });
    expect(events).not.toContain('reboot with 2.0.0');
    expect(agent.nodeVersion('aa:bb:cc:dd:ee:ff')).toBe('2.0.0');
    await send({ command: 'lora_frequency', frequency: '868.3' });
    expect(events.at(-1)).toBe('frequency 868.3');
    const before = events.length;
    await agent.handle(Buffer.from('not json'));
    await send({ command: 'self_destruct' });
    expect(events.length).toBe(before);
  });
});

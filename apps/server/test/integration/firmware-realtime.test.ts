import { firmwareCommandMessage, topics } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { gateways } from '../../src/db/schema/index.js';
import { demo } from '../helpers/fixtures.js';
import { form, image, nextCommand } from '../helpers/firmware.js';
import {
  accountOf,
  connectGateway,
  createIngestApp,
  insertGateway,
  type IngestTestApp,
} from '../helpers/ingest.js';
import { TestSocket } from '../helpers/sockets.js';
import { login } from '../helpers/test-app.js';

let test: IngestTestApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  test = await createIngestApp();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await test.close();
});

async function socketOf(email: string): Promise<TestSocket> {
  const { jwt } = await login(test.app, email);
  const socket = await new TestSocket(test.runtime.url ?? '', jwt).connect();
  sockets.push(socket);
  return socket;
}

describe('live firmware progress', () => {
  it('reaches platform administrators’ sockets and no account’s', async () => {
    const db = test.runtime.ctx.db;
    const { headers } = await login(test.app, demo.admin);
    const admin = await socketOf(demo.admin);
    const owner = await socketOf(demo.owner);
    const uploaded = await test.app.inject({
      method: 'POST',
      url: '/api/firmware',
      headers,
      payload: form([{ name: 'nextion', filename: 'screen_v7.0.1.tft', bytes: image() }]),
    });
    const [file] = uploaded.json().data.files as { id: string }[];
    const gateway = await insertGateway(db, await accountOf(db, demo.owner));
    const client = await connectGateway(test.brokerUrl, gateway);
    await client.subscribeAsync(topics.down(gateway.gatewayId), { qos: 1 });
    await vi.waitFor(async () => {
      const [row] = await db.select().from(gateways).where(eq(gateways.id, gateway.id));
      expect(row?.status).toBe('online');
    });

    const received = nextCommand(client, gateway.gatewayId);
    await test.app.inject({
      url: `/api/gateway/public/gateway?id=${gateway.id}&command=nextion_main&firmwareId=${file?.id ?? ''}`,
      headers,
    });
    const sent = await admin.next('gatewayFirmware', (event) => event.gateway?.id === gateway.id);
    expect(sent.update).toMatchObject({
      status: 'sent',
      command: 'nextion_main',
      version: '7.0.1',
    });
    expect(sent.gateway).toMatchObject({ nextionNewVersion: '7.0.1', nextionStatus: 'sent' });

    const command = firmwareCommandMessage.parse(await received);
    await client.publishAsync(
      topics.status(gateway.gatewayId),
      JSON.stringify({
        online: true,
        nextionVersion: '7.0.1',
        ota: { updateId: command.updateId, command: 'nextion_main', status: 'done', progress: 100 },
      }),
      { qos: 1 },
    );
    const done = await admin.next(
      'gatewayFirmware',
      (event) => event.gateway?.id === gateway.id && event.update.status === 'done',
    );
    expect(done.gateway).toMatchObject({ nextionLastVersion: '7.0.1', nextionStatus: 'done' });

    const server = test.runtime.realtime.io;
    if (!server) throw new Error('no socket server');
    await owner.barrier(server);
    expect(owner.all('gatewayFirmware')).toEqual([]);
    await client.endAsync();
  });
});

import { connect } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { processEnvironment, startServerProcess, type ServerProcess } from '../helpers/process.js';

let running: ServerProcess | undefined;
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill('SIGKILL');
    await running.exited;
  }
  await cleanup?.();
  running = undefined;
  cleanup = undefined;
});

async function start(extra: Record<string, string> = {}, args: string[] = []) {
  const environment = await processEnvironment();
  cleanup = environment.cleanup;
  running = startServerProcess(args, { ...environment.env, ...extra });
  return { server: running, env: environment.env };
}

describe('the server process', () => {
  it('finishes a request in flight on SIGTERM, then closes the database and exits 0', async () => {
    // The demo gateways are still sending their hour of history when SIGTERM comes.
    const { server } = await start({ DEMO: '1', DEMO_HISTORY_HOURS: '1' });
    const line = await server.waitFor(/Vigil is running at http:\/\/127\.0\.0\.1:\d+/);
    const port = Number(/:(\d+)/.exec(line.slice(line.indexOf('http')))?.[1]);

    const body = JSON.stringify({ email: 'owner@demo.vigil.test', password: 'vigil-demo' });
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/auth HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n${body.slice(0, 10)}`,
    );
    let reply = '';
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString('utf8');
    });
    // "100 Continue" means the server has taken the request in: it is now in flight.
    while (!reply.includes('100 Continue')) await once(socket, 'data');
    reply = '';

    server.child.kill('SIGTERM');
    await server.waitFor(/shutting down: draining requests/);
    // Finish the body without half-closing: a client waits for its reply before closing.
    socket.write(body.slice(10));
    while (!reply.includes('"role"')) await once(socket, 'data');
    socket.end();

    expect(reply).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(reply).toContain('"role":"super_user"');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
  });

  it('prints one clear line for a bad setting and exits 1', async () => {
    const { server } = await start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'Invalid PORT ("eighty"): Invalid input: expected number, received NaN',
    );
  });

  it('names PORT when the port is taken', async () => {
    const blocker = (await import('node:net')).createServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const { server } = await start({ PORT: String(port) });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `Port ${port} on 127.0.0.1 is already in use: set PORT to a free port.`,
      );
    } finally {
      blocker.close();
    }
  });

  it('verifies the audit trail from the command line', async () => {
    const { server, env } = await start({ DEMO: '1', DEMO_HISTORY_HOURS: '0' });
    await server.waitFor(/Vigil is running at/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const verify = startServerProcess(['audit:verify'], env);
    expect(await verify.exited).toBe(0);
    expect(verify.output()).toMatch(/^audit trail intact: 2 entries in 2 chains/m);
  });

  it('runs the demo laboratory: its gateways stream readings over MQTT into the database', async () => {
    const { server } = await start({ DEMO: '1', DEMO_HISTORY_HOURS: '1' });
    const line = await server.waitFor(/Vigil is running at http:\/\/127\.0\.0\.1:\d+/);
    const base = line.slice(line.indexOf('http')).trim();
    await server.waitFor(/demo: history from .* sent/);

    const signIn = await fetch(`${base}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.vigil.test', password: 'vigil-demo' }),
    });
    const { jwt, userId } = ((await signIn.json()) as { data: { jwt: string; userId: string } })
      .data;
    const headers = { authorization: `Bearer ${jwt}` };
    // The history is acknowledged once durable; each device's latest reading is written by the
    // follow-up right after (a round at most 250 ms later), so the list shows it soon after.
    await vi.waitFor(
      async () => {
        const list = (await (
          await fetch(`${base}/api/device/${userId}/?pageSize=1000`, { headers })
        ).json()) as {
          data: { list: { status: string; latestData: { nodeData: unknown } }[] };
        };
        expect(list.data.list).toHaveLength(12);
        expect(list.data.list.every((device) => device.latestData.nodeData !== null)).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
    const status = (await (
      await fetch(`${base}/api/misc/connectedStatus`, { headers })
    ).json()) as {
      data: { gatewayCount: number; deviceCount: number };
    };
    expect(status.data).toMatchObject({ gatewayCount: 2, deviceCount: 12 });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

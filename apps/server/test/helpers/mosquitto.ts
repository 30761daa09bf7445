import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';

export type Mosquitto = {
  url: string;
  /** Resolves once the broker holds no message (every queued QoS 1 message acknowledged). */
  drained: () => Promise<void>;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A Mosquitto of the test's own on a free port: no limit on messages queued for an offline
 * persistent session (the default of 1000 drops them), and `$SYS` every second without
 * retained messages, so that `$SYS/broker/store/messages/count` counts only messages in flight.
 */
export async function startMosquitto(): Promise<Mosquitto> {
  const dir = await mkdtemp(join(tmpdir(), 'vigil-mosquitto-'));
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'max_queued_messages 0',
      'sys_interval 1',
      'retain_available false',
      'log_dest stderr',
      '',
    ].join('\n'),
  );
  const child = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const running = new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
      if (log.includes(' running')) resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`mosquitto exited (${String(code)}):\n${log}`));
    });
    child.once('error', reject);
  });
  await running;
  const url = `mqtt://127.0.0.1:${port}`;
  const monitor = await mqtt.connectAsync(url, { protocolVersion: 4, clientId: `monitor-${port}` });
  let stored = 0;
  const ticks: (() => void)[] = [];
  monitor.on('message', (topic, payload) => {
    if (topic === '$SYS/broker/store/messages/count') stored = Number(payload.toString());
    else for (const tick of ticks.splice(0)) tick();
  });
  await monitor.subscribeAsync(['$SYS/broker/store/messages/count', '$SYS/broker/uptime']);
  const nextTick = () => new Promise<void>((resolve) => ticks.push(resolve));

  return {
    url,
    async drained() {
      // Two ticks after the call, so that the count seen is no older than the call itself.
      await nextTick();
      await nextTick();
      while (stored > 0) await nextTick();
    },
    async stop() {
      await monitor.endAsync(true);
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import pino from 'pino';
import {
  createDynsecControl,
  type DynsecCommand,
  type DynsecReply,
} from '../../src/broker-auth/dynsec-control.js';

export type Mosquitto = {
  url: string;
  /** Resolves once the broker holds no message (every queued QoS 1 message acknowledged). */
  drained: () => Promise<void>;
  stop: () => Promise<void>;
};

export type DynsecMosquitto = Mosquitto & {
  /** The platform's own account, as MQTT_URL carries it. */
  platformUrl: string;
  admin: {
    username: string;
    password: string;
    /** Runs dynamic security commands as the plugin's administrator. */
    run: (commands: DynsecCommand[]) => Promise<DynsecReply[]>;
  };
  /** The broker's process id while it runs (benchmarks read its CPU and memory). */
  pid: () => number | undefined;
  /** Stops the broker cleanly (it saves its sessions and messages), runs `meanwhile`, starts it. */
  restart: (meanwhile?: () => Promise<void>) => Promise<void>;
};

const repoRoot = new URL('../../../../', import.meta.url).pathname;
const shippedConfig = join(repoRoot, 'deploy/mosquitto/mosquitto.conf');
const setupScript = join(repoRoot, 'deploy/mosquitto/dynsec-setup.sh');
const debianPlugin = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `mosquitto -c conf` and resolves once it runs. */
async function run(conf: string): Promise<ChildProcess> {
  const child = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString('utf8');
      if (log.includes(' running')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      reject(new Error(`mosquitto exited (${String(code)}):\n${log}`));
    });
    child.once('error', reject);
  });
  return child;
}

async function halt(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Runs deploy/mosquitto/dynsec-setup.sh as an operator would. */
async function setup(args: string[], env: Record<string, string>): Promise<void> {
  const child = spawn('sh', [setupScript, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0)
    throw new Error(`dynsec-setup.sh ${args[0] ?? ''} failed (${String(code)}):\n${output}`);
}

/** Counts the messages the broker holds through `$SYS` (published every second). */
async function storeMonitor(url: string, options: mqtt.IClientOptions = {}) {
  const monitor = await mqtt.connectAsync(url, { protocolVersion: 4, ...options });
  let stored = 0;
  const ticks: (() => void)[] = [];
  monitor.on('message', (topic, payload) => {
    if (topic === '$SYS/broker/store/messages/count') stored = Number(payload.toString());
    else for (const tick of ticks.splice(0)) tick();
  });
  await monitor.subscribeAsync(['$SYS/broker/store/messages/count', '$SYS/broker/uptime']);
  const nextTick = () => new Promise<void>((resolve) => ticks.push(resolve));
  return {
    async drained() {
      // Two ticks after the call, so that the count seen is no older than the call itself.
      await nextTick();
      await nextTick();
      while (stored > 0) await nextTick();
    },
    close: () => monitor.endAsync(true),
  };
}

/**
 * A Mosquitto of the test's own on a free port: no limit on messages queued for an offline
 * persistent session (the default of 1000 drops them), and `$SYS` every second without
 * retained messages, so that `$SYS/broker/store/messages/count` counts only messages in flight.
 * `retain` keeps retained messages available, for clients that need them (the simulator's
 * gateways: a retained status and last will); `drained` then waits for none.
 */
export async function startMosquitto(options: { retain?: boolean } = {}): Promise<Mosquitto> {
  const dir = await mkdtemp(join(tmpdir(), 'vigil-mosquitto-'));
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      `listener ${String(port)} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'max_queued_messages 0',
      'sys_interval 1',
      ...(options.retain ? [] : ['retain_available false']),
      'log_dest stderr',
      '',
    ].join('\n'),
  );
  const child = await run(conf);
  const url = `mqtt://127.0.0.1:${String(port)}`;
  const monitor = await storeMonitor(url, { clientId: `monitor-${String(port)}` });
  return {
    url,
    drained: () =>
      options.retain
        ? Promise.reject(new Error('drained: retained messages count as stored'))
        : monitor.drained(),
    async stop() {
      await monitor.close();
      await halt(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The shipped deploy/mosquitto/mosquitto.conf (dynamic security plugin, persistence, no queue
 * limit) on a free port and a directory of the test's own, set up with the shipped
 * dynsec-setup.sh: an administrator and the platform's account.
 */
export async function startDynsecMosquitto(): Promise<DynsecMosquitto> {
  const dir = await mkdtemp(join(tmpdir(), 'vigil-dynsec-'));
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  const shipped = await readFile(shippedConfig, 'utf8');
  await writeFile(
    conf,
    `${shipped
      .replace(/^listener 1883$/m, `listener ${String(port)} 127.0.0.1`)
      .replace(/^plugin \S+$/m, `plugin ${debianPlugin}`)
      .replace(
        /^plugin_opt_config_file \S+$/m,
        `plugin_opt_config_file ${dir}/dynamic-security.json`,
      )
      .replace(/^persistence_location \S+$/m, `persistence_location ${dir}/`)
      .replace(
        /^log_dest stdout$/m,
        'log_dest stderr',
      )}\nuser ${userInfo().username}\nsys_interval 1\nlog_type information\n`,
  );
  const env = {
    MQTT_ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    MQTT_PLATFORM_PASSWORD: randomBytes(12).toString('hex'),
  };
  await setup(['init', join(dir, 'dynamic-security.json')], env);
  let child = await run(conf);
  await setup(['platform', '127.0.0.1', String(port)], env);
  const url = `mqtt://127.0.0.1:${String(port)}`;
  const credentials = { username: 'admin', password: env.MQTT_ADMIN_PASSWORD };
  const admin = {
    ...credentials,
    async run(commands: DynsecCommand[]) {
      const control = createDynsecControl({
        url: url.replace('mqtt://', `mqtt://admin:${env.MQTT_ADMIN_PASSWORD}@`),
        clientId: `test-admin-${randomBytes(3).toString('hex')}`,
        log: pino({ level: 'silent' }),
      });
      try {
        if ((await control.firstConnection(10_000)) !== 'connected') throw new Error('no broker');
        return await control.run(commands);
      } finally {
        await control.close();
      }
    },
  };
  return {
    url,
    platformUrl: `mqtt://vigil:${env.MQTT_PLATFORM_PASSWORD}@127.0.0.1:${String(port)}`,
    admin,
    pid: () => child.pid,
    async drained() {
      const monitor = await storeMonitor(url, {
        ...credentials,
        clientId: `monitor-${String(port)}`,
      });
      await monitor.drained().finally(() => monitor.close());
    },
    async restart(meanwhile) {
      await halt(child);
      await meanwhile?.();
      child = await run(conf);
    },
    async stop() {
      await halt(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

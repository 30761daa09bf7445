/**
 * bench:load's receivers, in a child process of their own (their CPU is not the servers'):
 *  - a Socket.IO client per probe device, on an api process, as a browser's device panel opens
 *    it (the owner's session, live chart on); every liveData of a probe reading is measured,
 *    from the reading's time (stamped by the publisher when it sends it) to its arrival;
 *  - the ceiling for that latency: a bare MQTT subscriber (a share group of its own on the same
 *    Mosquitto, QoS 1, as ingest subscribes) to the probe devices' gateways, measured alike.
 * Publisher and receivers share this machine's clock.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { socketPath, topics, type ServerToClientEvents } from '@vigil/contracts';
import mqtt from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import { signIn, type BenchAccount } from './cluster-topology.js';
import { percentiles, type Latency } from './percentiles.js';
import { connected } from './sockets.js';

export type ProbeWatch = { url: string; token: string; deviceId: string };
export type ProbePlan = {
  watches: ProbeWatch[];
  /** The broker and the platform's account, with the probe devices' gateways. */
  bare: { url: string; gatewayIds: string[] };
};
export type ProbeFigures = { samples: number; latencyMs: Latency };
export type ProbeReport = {
  liveData: ProbeFigures;
  bare: ProbeFigures;
  /** Every probe reading shown by a liveData event: `deviceId|time`. */
  shown: string[];
};

type Command = { type: 'connect'; plan: ProbePlan } | { type: 'minute' | 'report' | 'close' };

/**
 * `probes` devices spread over the first `gateways` gateways' devices (so over their accounts),
 * their owners signed in once each, and their sockets on alternate api processes.
 */
export async function planProbes(
  accounts: BenchAccount[],
  httpUrls: string[],
  shape: { probes: number; gateways: number },
) {
  const gateways = accounts
    .flatMap((account) => account.gateways.map((gateway) => ({ account, gateway })))
    .slice(0, shape.gateways);
  const perGateway = Math.max(1, Math.round(shape.probes / gateways.length));
  const tokens = new Map<string, string>();
  const watches: ProbeWatch[] = [];
  for (const { account, gateway } of gateways) {
    for (let k = 0; k < perGateway; k += 1) {
      const url = httpUrls[watches.length % httpUrls.length] ?? '';
      const token = tokens.get(account.owner.email) ?? (await signIn(url, account.owner));
      tokens.set(account.owner.email, token);
      const deviceId = gateway.devices[Math.floor((k * gateway.devices.length) / perGateway)];
      if (deviceId !== undefined) watches.push({ url, token, deviceId });
    }
  }
  return { watches, gatewayIds: gateways.map(({ gateway }) => gateway.gatewayId) };
}

const figures = (samples: number[]): ProbeFigures => ({
  samples: samples.length,
  latencyMs: percentiles(samples),
});

function probesProcess() {
  let sockets: Socket<ServerToClientEvents>[] = [];
  let bare: mqtt.MqttClient | undefined;
  const live = { all: [] as number[], minute: [] as number[] };
  const broker = { all: [] as number[], minute: [] as number[] };
  const shown = new Set<string>();
  const reply = (message: unknown) => process.send?.(message);

  async function connect(plan: ProbePlan) {
    const probes = new Set(plan.watches.map((watch) => watch.deviceId));
    sockets = plan.watches.map((watch) =>
      io(watch.url, {
        path: socketPath,
        transports: ['websocket'],
        auth: { token: watch.token },
        query: { deviceId: watch.deviceId, timeValue: '1' },
        forceNew: true,
        reconnection: false,
      }),
    );
    for (const socket of sockets) {
      socket.on('liveData', (event) => {
        const key = `${event.deviceId}|${event.reading.createdAt}`;
        if (shown.has(key)) return;
        shown.add(key);
        const ms = Date.now() - Date.parse(event.reading.createdAt);
        live.all.push(ms);
        live.minute.push(ms);
      });
    }
    await Promise.all(sockets.map(connected));
    bare = await mqtt.connectAsync(plan.bare.url, {
      protocolVersion: 5,
      clientId: `bench-bare-${String(process.pid)}`,
      clean: true,
    });
    bare.on('message', (_topic, payload) => {
      const now = Date.now();
      const message = JSON.parse(payload.toString('utf8')) as {
        readings: { deviceId: string; ts: string }[];
      };
      for (const reading of message.readings) {
        if (!probes.has(reading.deviceId)) continue;
        broker.all.push(now - Date.parse(reading.ts));
        broker.minute.push(now - Date.parse(reading.ts));
      }
    });
    await bare.subscribeAsync(
      plan.bare.gatewayIds.map((gatewayId) => `$share/bench-bare/${topics.up(gatewayId)}`),
      { qos: 1 },
    );
  }

  process.on('message', (command: Command) => {
    if (command.type === 'connect') {
      connect(command.plan).then(
        () => reply({ type: 'connected' }),
        (error: unknown) => reply({ type: 'error', message: String(error) }),
      );
    } else if (command.type === 'minute') {
      reply({ type: 'minute', liveData: figures(live.minute), bare: figures(broker.minute) });
      live.minute = [];
      broker.minute = [];
    } else if (command.type === 'report') {
      const report: ProbeReport = {
        liveData: figures(live.all),
        bare: figures(broker.all),
        shown: [...shown],
      };
      reply({ type: 'report', report });
    } else {
      for (const socket of sockets) socket.close();
      void (bare ? bare.endAsync() : Promise.resolve()).then(() => reply({ type: 'closed' }));
    }
  });
}

/** The probes' process, answering one command at a time. */
export function forkProbes() {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['load-probes'], {
    execArgv: ['--import', 'tsx'],
  });
  const ask = async <T>(command: Command): Promise<T> => {
    const answer = once(child, 'message') as Promise<[T & { type: string; message?: string }]>;
    child.send(command);
    const [message] = await answer;
    if (message.type === 'error') throw new Error(message.message);
    return message;
  };
  return {
    pid: () => child.pid,
    kill: () => child.kill(),
    connect: (plan: ProbePlan) => ask({ type: 'connect', plan }),
    minute: () => ask<{ liveData: ProbeFigures; bare: ProbeFigures }>({ type: 'minute' }),
    report: async () => (await ask<{ report: ProbeReport }>({ type: 'report' })).report,
    async close() {
      await ask({ type: 'close' });
      child.kill();
    },
  };
}

if (process.argv[2] === 'load-probes' && process.argv[1] === fileURLToPath(import.meta.url)) {
  probesProcess();
}

import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';

/** One command of Mosquitto's dynamic security plugin and its reply (mosquitto 2.0 README). */
export type DynsecCommand = { command: string } & Record<string, unknown>;
export type DynsecReply = {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
  correlationData?: string;
};

const controlTopic = '$CONTROL/dynamic-security/v1';
const versionTopic = '$SYS/broker/version';
const responseTopic = `${controlTopic}/response`;
/** Commands per control message: the plugin answers each message with one reply message. */
const commandsPerMessage = 100;

export class DynsecUnavailable extends Error {
  override name = 'DynsecUnavailable';
}

export type DynsecControl = {
  /** Runs the commands in order; resolves with one reply per command (errors included). */
  run: (commands: DynsecCommand[]) => Promise<DynsecReply[]>;
  connected: () => boolean;
  /**
   * Waits for the first connection: 'connected', or 'unreachable' after `timeoutMs`; rejects
   * when the broker refuses the account (bad user name or password, not authorised).
   */
  firstConnection: (timeoutMs: number) => Promise<'connected' | 'unreachable'>;
  /** Called after every (re)connection, once the reply topic is subscribed. */
  onConnect: (listener: () => void) => void;
  close: () => Promise<void>;
};

/**
 * The platform's connection to `$CONTROL/dynamic-security/v1` with its own broker account
 * (MQTT_URL's user). The plugin publishes every reply to one topic that all admin clients see,
 * so each command carries a correlation id of this connection's own.
 */
export function createDynsecControl(options: {
  url: string;
  clientId: string;
  log: Logger;
  timeoutMs?: number;
}): DynsecControl {
  const timeoutMs = options.timeoutMs ?? 5000;
  const prefix = `${options.clientId}-${randomBytes(4).toString('hex')}`;
  let sequence = 0;
  const waiting = new Map<string, (reply: DynsecReply) => void>();
  const listeners: (() => void)[] = [];
  const clientOptions: IClientOptions = {
    protocolVersion: 5,
    clientId: options.clientId,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
  };
  const client: MqttClient = mqtt.connect(options.url, clientOptions);
  let ready = false;
  let refused: Error | undefined;
  const firstListeners = new Set<() => void>();
  client.on('connect', () => {
    client.subscribe(responseTopic, { qos: 0 }, (error) => {
      if (error) {
        options.log.warn({ err: error.message }, 'broker control replies not subscribed');
        return;
      }
      ready = true;
      // Optional: a role without this topic only loses the warning below.
      client.subscribe(versionTopic, { qos: 0 }, () => undefined);
      for (const listener of [...firstListeners, ...listeners]) listener();
    });
  });
  client.on('close', () => {
    ready = false;
  });
  client.on('error', (error) => {
    // CONNACK refusals: 4/5 (MQTT 3.1.1), 134/135 (MQTT 5): the account is wrong, not the network.
    if ([4, 5, 134, 135].includes(Number((error as { code?: unknown }).code))) {
      refused = error;
      for (const listener of firstListeners) listener();
    }
    options.log.warn({ err: error.message }, 'broker control connection error');
  });
  client.on('message', (topic, payload) => {
    if (topic === versionTopic) {
      warnOldMosquitto(payload.toString('utf8'), options.log);
      return;
    }
    if (topic !== responseTopic) return;
    let replies: DynsecReply[] = [];
    try {
      replies =
        (JSON.parse(payload.toString('utf8')) as { responses?: DynsecReply[] }).responses ?? [];
    } catch {
      return;
    }
    for (const reply of replies) {
      const resolve = reply.correlationData ? waiting.get(reply.correlationData) : undefined;
      if (resolve && reply.correlationData) {
        waiting.delete(reply.correlationData);
        resolve(reply);
      }
    }
  });

  async function runChunk(commands: DynsecCommand[]): Promise<DynsecReply[]> {
    if (!ready) throw new DynsecUnavailable('not connected to the broker');
    const ids = commands.map(() => `${prefix}-${String((sequence += 1))}`);
    const replies = ids.map(
      (id) =>
        new Promise<DynsecReply>((resolve) => {
          waiting.set(id, resolve);
        }),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(
          new DynsecUnavailable(
            `no reply on ${responseTopic} within ${String(timeoutMs)} ms (is the dynamic security plugin loaded, and may this account use it?)`,
          ),
        );
      }, timeoutMs);
    });
    try {
      const payload = JSON.stringify({
        commands: commands.map((command, index) => ({ ...command, correlationData: ids[index] })),
      });
      await Promise.race([client.publishAsync(controlTopic, payload, { qos: 1 }), timeout]);
      return await Promise.race([Promise.all(replies), timeout]);
    } finally {
      clearTimeout(timer);
      for (const id of ids) waiting.delete(id);
    }
  }

  return {
    async run(commands) {
      const replies: DynsecReply[] = [];
      for (let start = 0; start < commands.length; start += commandsPerMessage) {
        replies.push(...(await runChunk(commands.slice(start, start + commandsPerMessage))));
      }
      return replies;
    },
    connected: () => ready,
    firstConnection(timeoutMs) {
      return new Promise((resolve, reject) => {
        const settle = () => {
          clearTimeout(timer);
          firstListeners.delete(settle);
          if (ready) resolve('connected');
          else if (refused) reject(refused);
          else resolve('unreachable');
        };
        const timer = setTimeout(settle, timeoutMs);
        if (ready || refused) settle();
        else firstListeners.add(settle);
      });
    },
    onConnect(listener) {
      listeners.push(listener);
    },
    async close() {
      await client.endAsync(true);
    },
  };
}

let warned = false;
/**
 * Mosquitto before 2.0.12 forgets shared subscriptions over a restart: what gateways publish
 * after it comes back and before the ingest processes subscribe again reaches no one.
 */
function warnOldMosquitto(version: string, log: Logger) {
  const match = /mosquitto version (\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match || warned) return;
  const [major, minor, patch] = match.slice(1).map(Number);
  if (major === 2 && minor === 0 && (patch ?? 0) < 12) {
    warned = true;
    log.warn(
      `the broker is ${version}: before 2.0.12 Mosquitto forgets shared subscriptions when it restarts, so readings gateways send before ingest reconnects are lost; upgrade it (README, "Broker")`,
    );
  }
}

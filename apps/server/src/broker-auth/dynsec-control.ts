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

/** CONNACK refusals: 4/5 (MQTT 3.1.1), 134/135 (MQTT 5): the account is wrong, not the network. */
const isRefusal = (error: Error) =>
  [4, 5, 134, 135].includes(Number((error as { code?: unknown }).code));

/** The replies of one control message, or none when it is not one. */
function repliesOf(payload: Buffer): DynsecReply[] {
  try {
    return (JSON.parse(payload.toString('utf8')) as { responses?: DynsecReply[] }).responses ?? [];
  } catch {
    return [];
  }
}

/** Rejects with DynsecUnavailable after `timeoutMs`; `clear` stops the timer. */
function replyTimeout(timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new DynsecUnavailable(
          `no reply on ${responseTopic} within ${String(timeoutMs)} ms (is the dynamic security plugin loaded, and may this account use it?)`,
        ),
      );
    }, timeoutMs);
  });
  return {
    expired,
    clear: () => {
      clearTimeout(timer);
    },
  };
}

type ControlOptions = { url: string; clientId: string; log: Logger; timeoutMs?: number };

/**
 * The platform's connection to `$CONTROL/dynamic-security/v1` with its own broker account
 * (MQTT_URL's user). The plugin publishes every reply to one topic that all admin clients see,
 * so each command carries a correlation id of this connection's own.
 */
class DynsecConnection implements DynsecControl {
  private readonly timeoutMs: number;
  private readonly prefix: string;
  private sequence = 0;
  private readonly waiting = new Map<string, (reply: DynsecReply) => void>();
  private readonly listeners: (() => void)[] = [];
  private readonly firstListeners = new Set<() => void>();
  private readonly client: MqttClient;
  private ready = false;
  private refused: Error | undefined;

  constructor(private readonly options: ControlOptions) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.prefix = `${options.clientId}-${randomBytes(4).toString('hex')}`;
    const clientOptions: IClientOptions = {
      protocolVersion: 5,
      clientId: options.clientId,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
    };
    this.client = mqtt.connect(options.url, clientOptions);
    this.client.on('connect', () => {
      this.subscribeReplies();
    });
    this.client.on('close', () => {
      this.ready = false;
    });
    this.client.on('error', (error) => {
      this.failed(error);
    });
    this.client.on('message', (topic, payload) => {
      this.received(topic, payload);
    });
  }

  private subscribeReplies() {
    this.client.subscribe(responseTopic, { qos: 0 }, (error) => {
      if (error) {
        this.options.log.warn({ err: error.message }, 'broker control replies not subscribed');
        return;
      }
      this.ready = true;
      // Optional: a role without this topic only loses the warning below.
      this.client.subscribe(versionTopic, { qos: 0 }, () => undefined);
      for (const listener of [...this.firstListeners, ...this.listeners]) listener();
    });
  }

  private failed(error: Error) {
    if (isRefusal(error)) {
      this.refused = error;
      for (const listener of this.firstListeners) listener();
    }
    this.options.log.warn({ err: error.message }, 'broker control connection error');
  }

  private received(topic: string, payload: Buffer) {
    if (topic === versionTopic) {
      warnOldMosquitto(payload.toString('utf8'), this.options.log);
      return;
    }
    if (topic !== responseTopic) return;
    for (const reply of repliesOf(payload)) {
      const id = reply.correlationData;
      const resolve = id ? this.waiting.get(id) : undefined;
      if (resolve && id) {
        this.waiting.delete(id);
        resolve(reply);
      }
    }
  }

  private async runChunk(commands: DynsecCommand[]): Promise<DynsecReply[]> {
    if (!this.ready) throw new DynsecUnavailable('not connected to the broker');
    const ids = commands.map(() => `${this.prefix}-${String((this.sequence += 1))}`);
    const replies = ids.map(
      (id) =>
        new Promise<DynsecReply>((resolve) => {
          this.waiting.set(id, resolve);
        }),
    );
    const timeout = replyTimeout(this.timeoutMs);
    try {
      const payload = JSON.stringify({
        commands: commands.map((command, index) => ({ ...command, correlationData: ids[index] })),
      });
      await Promise.race([
        this.client.publishAsync(controlTopic, payload, { qos: 1 }),
        timeout.expired,
      ]);
      return await Promise.race([Promise.all(replies), timeout.expired]);
    } finally {
      timeout.clear();
      for (const id of ids) this.waiting.delete(id);
    }
  }

  async run(commands: DynsecCommand[]): Promise<DynsecReply[]> {
    const replies: DynsecReply[] = [];
    for (let start = 0; start < commands.length; start += commandsPerMessage) {
      replies.push(...(await this.runChunk(commands.slice(start, start + commandsPerMessage))));
    }
    return replies;
  }

  connected = () => this.ready;

  firstConnection(timeoutMs: number): Promise<'connected' | 'unreachable'> {
    return new Promise((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        this.firstListeners.delete(settle);
        if (this.ready) resolve('connected');
        else if (this.refused) reject(this.refused);
        else resolve('unreachable');
      };
      const timer = setTimeout(settle, timeoutMs);
      if (this.ready || this.refused) settle();
      else this.firstListeners.add(settle);
    });
  }

  onConnect(listener: () => void) {
    this.listeners.push(listener);
  }

  async close() {
    await this.client.endAsync(true);
  }
}

export function createDynsecControl(options: ControlOptions): DynsecControl {
  return new DynsecConnection(options);
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

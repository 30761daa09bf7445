import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { topics } from '@vigil/contracts';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { sha256, verifyPassword } from '../lib/secrets.js';
import type { BrokerHealth, IngestHub } from './hub.js';
import { createThrottle } from './pipeline.js';
import * as repo from './repo.js';
import { parseTopic } from './topics.js';

export type EmbeddedBroker = {
  port: number;
  url: string;
  health: () => BrokerHealth;
  /** Publishes from the platform itself (the `down` commands), QoS 1, not retained. */
  publish: (topic: string, payload: string) => Promise<void>;
  /** Takes no new connection or message; messages in flight still complete. */
  stopAccepting: () => Promise<void>;
  /** Disconnects every gateway (recording it) and stops the broker. */
  close: () => Promise<void>;
};

/** A verified secret is trusted this long for reconnects (argon2 is deliberately slow). */
const verifiedTtlMs = 5 * 60_000;
/** Messages a connection may have read past while they wait for their commit. */
const maxReadAheadMessages = 64;
/** Readings waiting for or in their batch beyond which no connection reads ahead. */
const maxQueuedReadings = 50_000;
/** MQTT 3.1.1 CONNACK return code 5: not authorised. */
const notAuthorised = 5;
const serverUnavailable = 3;

function authError(message: string, returnCode: number): AuthenticateError {
  // AuthErrorCode is a const enum, which isolated modules cannot read: set the number as is.
  const error = new Error(message) as AuthenticateError;
  Object.assign(error, { returnCode });
  return error;
}

/** Verifies gateway id + secret against gateways.secret_hash, remembering recent successes. */
function createGatewayAuthenticator(db: Db) {
  const verified = new Map<string, { secretHash: string; digest: string; until: number }>();
  return async (username: string | undefined, password: Buffer | undefined) => {
    if (!username || !password) return undefined;
    const gateway = await repo.findGateway(db, username.toLowerCase());
    if (!gateway?.secretHash) return undefined;
    const secret = password.toString('utf8');
    const digest = sha256(secret);
    const cached = verified.get(gateway.id);
    const known =
      cached?.secretHash === gateway.secretHash &&
      cached.digest === digest &&
      cached.until > Date.now();
    if (!known) {
      if (!(await verifyPassword(gateway.secretHash, secret))) return { gateway, ok: false };
      if (verified.size > 100_000) verified.clear();
      verified.set(gateway.id, {
        secretHash: gateway.secretHash,
        digest,
        until: Date.now() + verifiedTtlMs,
      });
    }
    return { gateway, ok: gateway.accountActive };
  };
}

/**
 * Aedes reads a connection's next chunk only once every message of the chunk it is handling has
 * called back, and a QoS 1 `up` calls back only when durable: a gateway got one chunk (a few
 * messages) per commit however many it keeps in flight, and batches stayed small (bench:ingest
 * measured 14.5k readings/s against a 47k ceiling). Once a message's readings are queued for
 * their batch, the connection may read on; its PUBACK still waits for the commit. A connection
 * reads ahead at most `maxReadAhead` messages, and none while the writer holds `maxQueued`.
 */
export type ReadAhead = {
  /** Lets `client` read its next messages before this one is done; false when it may not now. */
  release: (client: Client) => boolean;
  /** Call before the client's first message is handled (in `authenticate`). */
  install: (client: Client) => void;
};

/** Aedes' per-connection callback that reads the next chunk (lib/client.js `nextBatch`). */
type PacedClient = { _nextBatch: (error?: Error) => void };

export function createReadAhead(options: {
  maxReadAhead: number;
  maxQueued: number;
  queued: () => number;
}): ReadAhead {
  const state = new WeakMap<Client, { early: number; readOn: (error?: Error) => void }>();
  return {
    install(client) {
      const paced = client as unknown as PacedClient;
      const readOn = paced._nextBatch;
      if (typeof readOn !== 'function' || state.has(client)) return;
      const held = { early: 0, readOn };
      state.set(client, held);
      // A message released early already counted as done: its own callback must not count again.
      paced._nextBatch = (error?: Error) => {
        if (held.early > 0) {
          held.early -= 1;
          if (!error) return;
        }
        readOn(error);
      };
    },
    release(client) {
      const held = state.get(client);
      if (!held || held.early >= options.maxReadAhead) return false;
      if (options.queued() >= options.maxQueued) return false;
      held.early += 1;
      // Not inside the handler that called: reading on may start handling the next messages.
      setImmediate(() => {
        held.readOn();
      });
      return true;
    },
  };
}

/** What the broker knows about its connections, and how it records what they do. */
class Sessions {
  readonly byClient = new WeakMap<Client, repo.GatewayRecord>();
  /** Client ids in use, by gateway: one gateway cannot take over another's session. */
  readonly clientOwners = new Map<string, string>();
  private readonly connections = new Map<string, number>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly refusalLogged = createThrottle(60_000);
  accepting = true;

  constructor(
    private readonly hub: IngestHub,
    private readonly log: Logger,
  ) {}

  /** Keeps a state write in flight until `settled`, logging rather than throwing its failure. */
  track(task: Promise<unknown>) {
    const guarded = task.catch((error: unknown) => {
      this.log.warn({ err: error }, 'gateway state not recorded');
    });
    this.pending.add(guarded);
    void guarded.finally(() => this.pending.delete(guarded));
  }

  /** A platform line in the gateway's log, at most once a minute for the same refusal. */
  note(gateway: repo.GatewayRecord, message: string) {
    if (this.refusalLogged(`${gateway.id}|${message}`)) {
      this.track(this.hub.state.note(gateway, message));
    }
  }

  /** Counts the gateway's connections: online at the first, offline after the last. */
  connected(client: Client, gateway: repo.GatewayRecord) {
    this.clientOwners.set(client.id, gateway.id);
    const count = (this.connections.get(gateway.id) ?? 0) + 1;
    this.connections.set(gateway.id, count);
    if (count === 1) {
      this.track(this.hub.state.connection(gateway, 'connected', `client ${client.id}`));
    }
  }

  disconnected(client: Client, gateway: repo.GatewayRecord) {
    if (client.clean) this.clientOwners.delete(client.id);
    const count = (this.connections.get(gateway.id) ?? 1) - 1;
    if (count > 0) {
      this.connections.set(gateway.id, count);
      return;
    }
    this.connections.delete(gateway.id);
    const detail = this.accepting ? '' : 'platform shutting down';
    this.track(this.hub.state.connection(gateway, 'disconnected', detail));
  }

  settled(): Promise<unknown> {
    return Promise.all([...this.pending]);
  }
}

function authenticateHandler(
  sessions: Sessions,
  authenticate: ReturnType<typeof createGatewayAuthenticator>,
  readAhead: ReadAhead,
  log: Logger,
): Aedes['authenticate'] {
  return (client, username, password, done) => {
    authenticate(username, password).then(
      (result) => {
        const owner = sessions.clientOwners.get(client.id);
        const takenOver = owner !== undefined && owner !== result?.gateway.id;
        if (!result?.ok || takenOver) {
          if (result) {
            sessions.note(
              result.gateway,
              result.ok
                ? `connection refused: client id ${client.id} belongs to another gateway`
                : 'connection refused: wrong secret or account disabled',
            );
          }
          done(authError('not authorised', notAuthorised), false);
          return;
        }
        sessions.byClient.set(client, result.gateway);
        readAhead.install(client);
        done(null, true);
      },
      (error: unknown) => {
        log.error({ err: error }, 'gateway authentication failed');
        done(authError('server unavailable', serverUnavailable), false);
      },
    );
  };
}

/**
 * Only the gateway's own `up`, `status` and `log`; the message is handed to the pipeline here
 * and the callback (after which Aedes sends the PUBACK) runs once it is durable. A refused
 * publish closes the connection, as MQTT 3.1.1 allows.
 */
function publishHandler(
  sessions: Sessions,
  hub: IngestHub,
  readAhead: ReadAhead,
  log: Logger,
): Aedes['authorizePublish'] {
  return (client, packet, done) => {
    const gateway = client ? sessions.byClient.get(client) : undefined;
    const topic = parseTopic(packet.topic);
    if (!gateway || !sessions.accepting) {
      done(new Error('not accepting messages'));
      return;
    }
    if (topic?.gatewayId.toLowerCase() !== gateway.gatewayId || topic.kind === 'down') {
      sessions.note(gateway, `publish refused: ${packet.topic} is not one of its topics`);
      done(new Error('topic not allowed'));
      return;
    }
    const kind = topic.kind;
    // Readings and log lines are never kept as retained messages in the broker.
    if (kind !== 'status') packet.retain = false;
    // Its place among the gateway's messages, taken as it arrives (arrival-order.ts).
    const turn = hub.pipeline.arrive(gateway.gatewayId);
    hub.directory
      .gateway(gateway.gatewayId)
      .then(async (current) => {
        if (!current?.accountActive) {
          const why = current ? 'the account is disabled' : 'the gateway is no longer registered';
          sessions.note(gateway, `rejected a message on ${kind}: ${why}`);
          throw new Error('gateway no longer allowed');
        }
        await hub.pipeline.handleGatewayMessage(current, kind, packet.payload as Buffer, {
          turn,
          queued: () => {
            if (client) readAhead.release(client);
          },
        });
      })
      .then(
        () => {
          done(null);
        },
        (error: unknown) => {
          turn.pass();
          log.warn({ err: error, gateway: gateway.gatewayId }, 'message not acknowledged');
          done(error instanceof Error ? error : new Error(String(error)));
        },
      );
  };
}

async function listen(server: Server, port: number, host: string): Promise<void> {
  server.listen(port, host);
  await Promise.race([
    once(server, 'listening'),
    once(server, 'error').then(([error]) => Promise.reject(error as Error)),
  ]);
}

/** Only the gateway's own `down` topic. */
function subscribeHandler(sessions: Sessions): Aedes['authorizeSubscribe'] {
  return (client, subscription, done) => {
    const gateway = sessions.byClient.get(client);
    const allowed = gateway !== undefined && subscription.topic === topics.down(gateway.gatewayId);
    if (!allowed && gateway) sessions.note(gateway, `subscription refused: ${subscription.topic}`);
    done(null, allowed ? subscription : null);
  };
}

/** Records gateways as they connect and disconnect, and counts the connected clients. */
function watchClients(broker: Aedes, sessions: Sessions, hub: IngestHub, log: Logger) {
  for (const event of ['clientReady', 'clientDisconnect'] as const) {
    broker.on(event, (client) => {
      const gateway = sessions.byClient.get(client);
      hub.metrics.brokerClients.set(broker.connectedClients);
      if (!gateway) return;
      if (event === 'clientReady') sessions.connected(client, gateway);
      else sessions.disconnected(client, gateway);
    });
  }
  broker.on('clientError', (client, error) => {
    log.debug({ client: client.id, err: error.message }, 'mqtt client error');
  });
}

const closeBroker = (broker: Aedes) =>
  new Promise<void>((resolve) => {
    broker.close(() => {
      resolve();
    });
  });

/** Listens for gateways; the broker is closed again when the port cannot be had. */
async function serve(broker: Aedes, port: number, host: string): Promise<Server> {
  const server = createServer(broker.handle);
  try {
    await listen(server, port, host);
  } catch (error) {
    await closeBroker(broker);
    throw error;
  }
  return server;
}

function publishFrom(broker: Aedes, topic: string, payload: string): Promise<void> {
  return new Promise((resolve, reject) => {
    broker.publish(
      {
        cmd: 'publish',
        topic,
        payload: Buffer.from(payload),
        qos: 1,
        retain: false,
        dup: false,
      },
      (error) => {
        if (error) reject(error);
        else resolve();
      },
    );
  });
}

/**
 * The embedded MQTT 3.1.1 broker (Aedes). Gateways sign in with their id and secret, may
 * publish only to their own `up`, `status` and `log` topics and subscribe only to their own
 * `down`. Aedes cannot deliver `$share/...` subscriptions, so ingest is fed in-process from
 * `authorizePublish`: a QoS 1 message is acknowledged (PUBACK) only once the pipeline has made
 * it durable, because Aedes sends the PUBACK after that handler calls back.
 */
export async function startEmbeddedBroker(options: {
  host: string;
  port: number;
  hub: IngestHub;
  db: Db;
  log: Logger;
}): Promise<EmbeddedBroker> {
  const { hub, log } = options;
  const sessions = new Sessions(hub, log);
  const broker = await Aedes.createBroker({ id: 'vigil', drainTimeout: 30_000 });
  const readAhead = createReadAhead({
    maxReadAhead: maxReadAheadMessages,
    maxQueued: maxQueuedReadings,
    queued: () => hub.writer.pending(),
  });
  broker.authenticate = authenticateHandler(
    sessions,
    createGatewayAuthenticator(options.db),
    readAhead,
    log,
  );
  broker.authorizePublish = publishHandler(sessions, hub, readAhead, log);
  broker.authorizeSubscribe = subscribeHandler(sessions);
  watchClients(broker, sessions, hub, log);
  const server = await serve(broker, options.port, options.host);
  const port = (server.address() as AddressInfo).port;
  const host = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  return {
    port,
    url: `mqtt://${host}:${port}`,
    health: () => (server.listening && !broker.closed ? 'ok' : 'down'),
    publish: (topic, payload) => publishFrom(broker, topic, payload),
    stopAccepting() {
      sessions.accepting = false;
      // Open connections stay until `close`, so that acknowledgements in flight still go out.
      server.close();
      return Promise.resolve();
    },
    async close() {
      sessions.accepting = false;
      await closeBroker(broker);
      server.close();
      await sessions.settled();
    },
  };
}

import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Emitter } from '@socket.io/redis-emitter';
import {
  socketErrors,
  socketPath,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@vigil/contracts';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import type { Config } from '../config.js';
import type { IngestEvents } from '../ingest/events.js';
import { bridgeIngestEvents, type IngestBridge } from './bridge.js';
import { emitterBroadcast, serverBroadcast, type Broadcast } from './broadcast.js';
import { coalesceWrites } from './coalesce.js';
import { plainLiveFrames, realtimeParser } from './parser.js';
import { welcome, type VigilSocket } from './connection.js';
import { createMapFeed, type MapFeed } from './map-feed.js';
import { createOverviewFeed, type OverviewFeed } from './overview-feed.js';
import { checkHandshake, HandshakeRefused, type SocketData } from './handshake.js';
import type { RealtimeSources } from './ports.js';
import { deviceAudience, room } from './rooms.js';

export type RealtimeServer = Server<
  Record<string, never>,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export type AlarmEventName = 'newAlarm' | 'removeAlarm' | 'alarmData' | 'mapNotification';

export type Realtime = {
  /** The Socket.IO server, once `attach` has run (api role). */
  readonly io: RealtimeServer | undefined;
  /** Serves Socket.IO at `socketPath` on the API's HTTP server (api role). */
  attach: (server: HttpServer) => RealtimeServer;
  /**
   * Tells the browsers of a device's account about one of its alarms: the account's owners, the
   * users assigned to the device and the device's own room, on every API process. For the alarm
   * engine; a no-op in a process that can reach no browser (no api role, no REDIS_URL).
   */
  emitAlarm: <E extends AlarmEventName>(
    event: E,
    target: { accountId: string; deviceId: string },
    payload: ServerEventPayload<E>,
  ) => void;
  /**
   * Disconnects every socket opened with a session, on every API process (the Redis adapter
   * relays it): a signed-out token must stop receiving live data at once, not at its next
   * reconnect.
   */
  endSession: (sessionId: string) => void;
  /** Placements on maps changed in this process: the map feed re-reads them. */
  mapsChanged: () => void;
  /** Disconnects this process's sockets and stops serving them (before the HTTP server closes). */
  closeServer: () => Promise<void>;
  /** Sends what is held, then closes the Redis clients (before the database closes). */
  close: () => Promise<void>;
};

/**
 * A Redis client for publishing whose failures are logged, not thrown: the adapter and the
 * emitter publish without handling the reply, and a live event lost while Redis is away is
 * recovered by the client's reconnect (which sends the current state).
 */
function publisher(url: string, log: Logger): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 3 });
  let warned = 0;
  client.on('error', (error: Error) => {
    if (Date.now() - warned > 10_000) log.warn({ err: error }, 'redis connection failed');
    warned = Date.now();
  });
  const publish = client.publish.bind(client);
  const guarded = (channel: string | Buffer, message: string | Buffer) =>
    publish(channel, message).catch((error: unknown) => {
      if (Date.now() - warned > 10_000) log.warn({ err: error }, 'live event not published');
      warned = Date.now();
      return 0;
    });
  Object.assign(client, { publish: guarded });
  return client;
}

export type RealtimeDeps = {
  config: Config;
  events: IngestEvents;
  log: Logger;
  /** What the handshake, the welcome and the map feed read of the domains. */
  sources: RealtimeSources;
};

/** What the realtime side holds once built: Redis clients, the socket server, the broadcast. */
type RealtimeState = {
  pub: Redis | undefined;
  sub: Redis | undefined;
  io: RealtimeServer | undefined;
  /** Through the socket server once attached, else the Redis emitter (or nothing). */
  broadcast: Broadcast | undefined;
};

type Feeds = { bridge: IngestBridge; overview: OverviewFeed; map: MapFeed };

/** The ingest path's events bridged to rooms, through whatever broadcast the process has now. */
function startFeeds(deps: RealtimeDeps, state: RealtimeState): Feeds {
  const send: Broadcast = (rooms, event, payload) => {
    state.broadcast?.(rooms, event, payload);
  };
  return {
    bridge: bridgeIngestEvents(deps.events, send),
    overview: createOverviewFeed({ events: deps.events, broadcast: send }),
    map: createMapFeed({
      placedDevices: deps.sources.placedDevices,
      events: deps.events,
      log: deps.log,
      broadcast: send,
    }),
  };
}

/** Checks each socket's handshake (handshake.ts); a refusal reaches the client as its reason. */
function handshakeMiddleware(deps: RealtimeDeps) {
  return (socket: VigilSocket, next: (error?: Error) => void) => {
    checkHandshake(deps.sources, socket.handshake).then(
      (data) => {
        socket.data = data;
        next();
      },
      (error: unknown) => {
        if (!(error instanceof HandshakeRefused))
          deps.log.error({ err: error }, 'socket handshake failed');
        next(
          new Error(error instanceof HandshakeRefused ? error.message : socketErrors.unauthorized),
        );
      },
    );
  };
}

/** Serves Socket.IO on the HTTP server, with the Redis adapter when there is Redis. */
function attachServer(server: HttpServer, deps: RealtimeDeps, state: RealtimeState) {
  const socketServer: RealtimeServer = new Server(server, {
    path: socketPath,
    transports: ['websocket'],
    serveClient: false,
    parser: realtimeParser,
  });
  if (state.pub) {
    state.sub = state.pub.duplicate();
    state.sub.on('error', () => undefined); // reported through the publisher's handler
    socketServer.adapter(createAdapter(state.pub, state.sub));
  }
  plainLiveFrames(socketServer.of('/').adapter);
  socketServer.engine.on('connection', coalesceWrites);
  socketServer.use(handshakeMiddleware(deps));
  socketServer.on('connection', (socket) => {
    endAtExpiry(socket);
    welcome(deps.sources, socket).catch((error: unknown) => {
      deps.log.error({ err: error }, 'socket state not sent');
    });
  });
  state.io = socketServer;
  state.broadcast = serverBroadcast(socketServer);
  return socketServer;
}

/** Stops the feeds, then closes the Redis clients. */
async function closeRealtime(state: RealtimeState, feeds: Feeds | undefined) {
  feeds?.bridge.close();
  feeds?.map.close();
  feeds?.overview.close();
  for (const client of [state.sub, state.pub]) {
    if (!client) continue;
    try {
      await client.quit();
    } catch {
      client.disconnect();
    }
  }
}

/**
 * The realtime side of a process (DESIGN 1, 5). With the api role, Socket.IO on the HTTP
 * server; with REDIS_URL, the Redis adapter so that an event reaches the sockets of every API
 * process, and in a process without the api role (ingest, worker) the Redis emitter, so that
 * its events still reach browsers. The ingest path's events are bridged to rooms here.
 */
export function createRealtime(deps: RealtimeDeps): Realtime {
  const servesSockets = deps.config.roles.includes('api');
  const pub = deps.config.redisUrl ? publisher(deps.config.redisUrl, deps.log) : undefined;
  const state: RealtimeState = {
    pub,
    sub: undefined,
    io: undefined,
    broadcast:
      pub && !servesSockets ? emitterBroadcast(new Emitter<ServerToClientEvents>(pub)) : undefined,
  };
  const feeds = servesSockets || pub ? startFeeds(deps, state) : undefined;
  return {
    get io() {
      return state.io;
    },
    attach: (server) => state.io ?? attachServer(server, deps, state),
    emitAlarm(event, target, payload) {
      state.broadcast?.(
        [...deviceAudience(target.accountId, target.deviceId), room.device(target.deviceId)],
        event,
        payload,
      );
    },
    mapsChanged() {
      feeds?.map.invalidate();
    },
    endSession(sessionId) {
      state.io?.in(room.session(sessionId)).disconnectSockets(true);
    },
    async closeServer() {
      const io = state.io;
      if (!io) return;
      // Not io.close(): it would also close the HTTP server, which Fastify closes itself.
      io.local.disconnectSockets(true);
      io.engine.close();
      await io.of('/').adapter.close();
    },
    close: () => closeRealtime(state, feeds),
  };
}

/** Longest timer Node keeps (about 24.8 days); a longer session's socket reconnects then. */
const maxTimerMs = 2 ** 31 - 1;

/** Disconnects a socket when its session's token expires: live data stops with the session. */
function endAtExpiry(socket: VigilSocket): void {
  const delay = Math.min(maxTimerMs, Math.max(0, socket.data.expiresAt - Date.now()));
  const timer = setTimeout(() => {
    socket.disconnect(true);
  }, delay);
  timer.unref();
  socket.once('disconnect', () => {
    clearTimeout(timer);
  });
}

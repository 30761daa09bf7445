/**
 * bench:live's browsers: a child process holding one Socket.IO connection per watched device,
 * which records when each reading is first shown (live.ts starts it and asks it for its report).
 *
 * Two kinds of connection receive the same frames from the same server:
 * - `lean` (the default): a WebSocket (`ws`) that speaks the two text packets a browser's device
 *   panel meets (Engine.IO v4 open/ping, Socket.IO v5 connect/event) and parses each event once.
 *   The server cannot tell it from socket.io-client: same handshake, auth, query and frames.
 * - `socket.io`: socket.io-client itself, as the web app uses it.
 *
 * They run on the same cores as the server they measure. A thousand socket.io-client instances
 * took half a core of the two at 10,000 readings a second; the lean ones take about a quarter
 * (bench:live prints the figure). A real browser runs on a machine of its own.
 */
import { socketPath, type ServerToClientEvents } from '@vigil/contracts';
import { io as connectSocket, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { percentiles, type Latency } from './percentiles.js';
import { connected } from './sockets.js';

export type Watch = { url: string; token: string; deviceId: string };
export type ClientKind = 'lean' | 'socket.io';
type ClientCommand =
  | { type: 'connect'; watches: Watch[]; timeValue: string; kind: ClientKind }
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'close' };
export type Report = {
  liveData: number;
  graphData: number;
  seconds: number;
  /** liveData events, from their reading's time. */
  latencyMs: Latency;
  /** Every reading shown (by liveData or graphData), from its time to the first event showing it. */
  readings: number;
  readingLatencyMs: Latency;
  /**
   * The same readings by the second they were published in (from the reset, the ones before it
   * in the first): where in the run the tail comes from (start-up, a stall, or throughout).
   */
  bySecond: { second: number; readings: number; p99: number }[];
};

type Shown = { deviceId: string; reading: { createdAt: string } };

/** What the clients saw since the last reset. */
function createRecorder() {
  let latencies: number[] = [];
  let graphData = 0;
  /** The first time each reading (device and time) was shown, as its latency. */
  let shown = new Map<string, number>();
  let bySecond = new Map<number, number[]>();
  let since = performance.now();
  let sinceMs = Date.now();
  const show = ({ deviceId, reading }: Shown) => {
    const key = `${deviceId}|${reading.createdAt}`;
    if (shown.has(key)) return;
    const publishedMs = Date.parse(reading.createdAt);
    const latency = Date.now() - publishedMs;
    shown.set(key, latency);
    const second = Math.max(0, Math.floor((publishedMs - sinceMs) / 1000));
    const latencies = bySecond.get(second);
    if (latencies) latencies.push(latency);
    else bySecond.set(second, [latency]);
  };
  return {
    liveData(event: Shown) {
      latencies.push(Date.now() - Date.parse(event.reading.createdAt));
      show(event);
    },
    graphData(event: Shown) {
      graphData += 1;
      show(event);
    },
    reset() {
      latencies = [];
      graphData = 0;
      shown = new Map();
      bySecond = new Map();
      since = performance.now();
      sinceMs = Date.now();
    },
    report(): Report {
      return {
        liveData: latencies.length,
        graphData,
        seconds: (performance.now() - since) / 1000,
        latencyMs: percentiles(latencies),
        readings: shown.size,
        readingLatencyMs: percentiles([...shown.values()]),
        bySecond: [...bySecond]
          .sort(([a], [b]) => a - b)
          .map(([second, latencies]) => ({
            second,
            readings: latencies.length,
            p99: percentiles(latencies).p99,
          })),
      };
    },
  };
}
type Recorder = ReturnType<typeof createRecorder>;
type Connection = { opened: Promise<void>; close: () => void };

function socketIoConnection(watch: Watch, timeValue: string, recorder: Recorder): Connection {
  const socket: Socket<ServerToClientEvents> = connectSocket(watch.url, {
    path: socketPath,
    transports: ['websocket'],
    auth: { token: watch.token },
    query: { deviceId: watch.deviceId, timeValue },
    forceNew: true,
    reconnection: false,
  });
  socket.on('liveData', (event) => {
    recorder.liveData(event);
  });
  socket.on('graphData', (event) => {
    recorder.graphData(event);
  });
  return { opened: connected(socket), close: () => socket.close() };
}

/** Engine.IO v4 packet types, then Socket.IO v5's inside a message ('4'). */
const engineOpen = '0';
const enginePing = '2';
const socketConnect = '40';
const socketConnectError = '44';
const socketEvent = '42';

function leanConnection(watch: Watch, timeValue: string, recorder: Recorder): Connection {
  const url = new URL(`${socketPath}/`, watch.url.replace(/^http/, 'ws'));
  url.search = new URLSearchParams({
    deviceId: watch.deviceId,
    timeValue,
    EIO: '4',
    transport: 'websocket',
  }).toString();
  const ws = new WebSocket(url);
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith(socketEvent)) {
        const [event, payload] = JSON.parse(text.slice(2)) as [string, Shown];
        if (event === 'liveData') recorder.liveData(payload);
        else if (event === 'graphData') recorder.graphData(payload);
      } else if (text === enginePing) {
        ws.send('3');
      } else if (text.startsWith(engineOpen)) {
        ws.send(`${socketConnect}${JSON.stringify({ token: watch.token })}`);
      } else if (text.startsWith(socketConnect)) {
        resolve();
      } else if (text.startsWith(socketConnectError)) {
        reject(new Error(`connect refused: ${text.slice(2)}`));
      }
    });
  });
  return {
    opened,
    close: () => {
      ws.close();
    },
  };
}

/** The clients' process: one connection per watched device; latency from the reading's own time. */
export function clientsProcess() {
  const recorder = createRecorder();
  let connections: Connection[] = [];
  const reply = (message: unknown) => process.send?.(message);
  process.on('message', (command: ClientCommand) => {
    if (command.type === 'connect') {
      const open = command.kind === 'socket.io' ? socketIoConnection : leanConnection;
      connections = command.watches.map((watch) => open(watch, command.timeValue, recorder));
      void Promise.all(connections.map((connection) => connection.opened)).then(
        () => reply({ type: 'connected' }),
        (error: unknown) => reply({ type: 'error', message: String(error) }),
      );
    } else if (command.type === 'reset') {
      recorder.reset();
      reply({ type: 'reset' });
    } else if (command.type === 'report') {
      reply({ type: 'report', report: recorder.report() });
    } else {
      for (const connection of connections) connection.close();
      connections = [];
      reply({ type: 'closed' });
    }
  });
}

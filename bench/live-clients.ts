/**
 * bench:live's browsers: a child process holding one Socket.IO client per watched device, which
 * records when each reading is first shown (live.ts starts it and asks it for its report).
 */
import { socketPath, type ServerToClientEvents } from '@vigil/contracts';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { percentiles, type Latency } from './percentiles.js';
import { connected } from './sockets.js';

export type Watch = { url: string; token: string; deviceId: string };
type ClientCommand =
  | { type: 'connect'; watches: Watch[]; timeValue: string }
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
};

/** The clients' process: one socket per watched device; liveData latency from the reading's own time. */
export function clientsProcess() {
  let sockets: Socket<ServerToClientEvents>[] = [];
  let latencies: number[] = [];
  let graphData = 0;
  /** The first time each reading (device and time) was shown, as its latency. */
  let shown = new Map<string, number>();
  const show = (deviceId: string, createdAt: string) => {
    const key = `${deviceId}|${createdAt}`;
    if (!shown.has(key)) shown.set(key, Date.now() - Date.parse(createdAt));
  };
  let since = performance.now();
  const reply = (message: unknown) => process.send?.(message);
  process.on('message', (command: ClientCommand) => {
    if (command.type === 'connect') {
      sockets = command.watches.map((watch) =>
        connectSocket(watch.url, {
          path: socketPath,
          transports: ['websocket'],
          auth: { token: watch.token },
          query: { deviceId: watch.deviceId, timeValue: command.timeValue },
          forceNew: true,
          reconnection: false,
        }),
      );
      for (const socket of sockets) {
        socket.on('liveData', (event) => {
          latencies.push(Date.now() - Date.parse(event.reading.createdAt));
          show(event.deviceId, event.reading.createdAt);
        });
        socket.on('graphData', (event) => {
          graphData += 1;
          show(event.deviceId, event.reading.createdAt);
        });
      }
      void Promise.all(sockets.map(connected)).then(
        () => reply({ type: 'connected' }),
        (error: unknown) => reply({ type: 'error', message: String(error) }),
      );
    } else if (command.type === 'reset') {
      latencies = [];
      graphData = 0;
      shown = new Map();
      since = performance.now();
      reply({ type: 'reset' });
    } else if (command.type === 'report') {
      const report: Report = {
        liveData: latencies.length,
        graphData,
        seconds: (performance.now() - since) / 1000,
        latencyMs: percentiles(latencies),
        readings: shown.size,
        readingLatencyMs: percentiles([...shown.values()]),
      };
      reply({ type: 'report', report });
    } else {
      for (const socket of sockets) socket.close();
      sockets = [];
      reply({ type: 'closed' });
    }
  });
}

import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesceWrites } from '../../src/realtime/coalesce.js';

/** Node's net.Socket: every system write goes through `_write` or `_writev`. */
type Tcp = { _write: (...args: unknown[]) => void; _writev: (...args: unknown[]) => void };

/** Counts the system writes of a server-side connection's TCP socket (one per write or writev). */
function countWrites(socket: ServerSocket): { count: () => number } {
  const transport = socket.conn.transport as unknown as { socket: { _socket: Tcp } };
  const tcp = transport.socket._socket;
  let writes = 0;
  const write = tcp._write.bind(tcp);
  const writev = tcp._writev.bind(tcp);
  tcp._write = (...args) => {
    writes += 1;
    write(...args);
  };
  tcp._writev = (...args) => {
    writes += 1;
    writev(...args);
  };
  return { count: () => writes };
}

/** Resolves with the next `n` events named in `events`, in the order they arrived. */
function receive(client: Socket, events: string[], n: number): Promise<[string, unknown][]> {
  return new Promise((resolve) => {
    const got: [string, unknown][] = [];
    client.onAny((event: string, payload: unknown) => {
      if (!events.includes(event)) return;
      got.push([event, payload]);
      if (got.length === n) resolve(got);
    });
  });
}

describe('coalesced socket writes', () => {
  let http: HttpServer | undefined;
  let io: Server | undefined;
  let client: Socket | undefined;

  afterEach(async () => {
    client?.close();
    await io?.close();
    http?.close();
  });

  async function start(coalesce: boolean): Promise<{ server: ServerSocket; client: Socket }> {
    http = createServer();
    io = new Server(http, { transports: ['websocket'] });
    if (coalesce) io.engine.on('connection', coalesceWrites);
    const connected = new Promise<ServerSocket>((resolve) => io?.on('connection', resolve));
    await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    client = connect(`http://127.0.0.1:${String(port)}`, {
      transports: ['websocket'],
      reconnection: false,
    });
    const server = await connected;
    await new Promise<void>((resolve) => {
      if (client?.connected) resolve();
      else
        client?.once('connect', () => {
          resolve();
        });
    });
    return { server, client };
  }

  /** Emits `count` pairs of events to one socket in one operation, as a live frame does. */
  function burst(socket: ServerSocket, count: number) {
    for (let i = 0; i < count; i += 1) {
      socket.emit('liveData', { i });
      socket.emit('graphData', { i });
    }
  }

  it('sends the packets one operation gives a connection in one write, in order', async () => {
    const { server, client: browser } = await start(true);
    const writes = countWrites(server);
    const arrived = receive(browser, ['liveData', 'graphData'], 20);
    burst(server, 10);
    const got = await arrived;
    expect(got).toEqual(
      Array.from({ length: 10 }, (_, i) => [
        ['liveData', { i }],
        ['graphData', { i }],
      ]).flat(),
    );
    expect(writes.count()).toBe(1);
  });

  it('writes once per packet without it (what the coalescing saves)', async () => {
    const { server, client: browser } = await start(false);
    const writes = countWrites(server);
    const arrived = receive(browser, ['liveData', 'graphData'], 20);
    burst(server, 10);
    await arrived;
    expect(writes.count()).toBeGreaterThan(1);
  });

  it('keeps sending as bursts follow each other, and broadcasts through rooms', async () => {
    const { server, client: browser } = await start(true);
    await server.join('device');
    const arrived = receive(browser, ['liveData', 'graphData'], 6);
    io?.to('device').emit('liveData', { i: 0 });
    io?.to('device').emit('graphData', { i: 0 });
    await new Promise((resolve) => setImmediate(resolve));
    io?.to('device').emit('liveData', { i: 1 });
    queueMicrotask(() => {
      io?.to('device').emit('graphData', { i: 1 });
    });
    setTimeout(() => {
      io?.to('device').emit('liveData', { i: 2 });
      io?.to('device').emit('graphData', { i: 2 });
    }, 0);
    const got = await arrived;
    expect(
      got.map(([event, payload]) => `${event}:${String((payload as { i: number }).i)}`),
    ).toEqual([
      'liveData:0',
      'graphData:0',
      'liveData:1',
      'graphData:1',
      'liveData:2',
      'graphData:2',
    ]);
  });
});

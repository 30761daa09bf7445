/**
 * A stand-in for socket.io-client's `io` in web tests: no server, every socket recorded, and
 * `emit` plays a server event to its listeners. Use with
 * `vi.mock('socket.io-client', async () => (await import('../test/fake-socket')).fakeSocketModule)`.
 */
type AnyListener = (event: string, payload: unknown) => void;

export class FakeSocket {
  readonly query: Record<string, string>;
  closed = false;
  private readonly listeners = new Set<AnyListener>();

  constructor(options: { query?: Record<string, string> }) {
    this.query = options.query ?? {};
  }

  onAny(listener: AnyListener): this {
    this.listeners.add(listener);
    return this;
  }

  connect(): this {
    return this;
  }

  close(): this {
    this.closed = true;
    return this;
  }

  /** The server sends `event` with `payload`. */
  emit(event: string, payload: unknown): void {
    for (const listener of this.listeners) listener(event, payload);
  }
}

export const fakeSockets: FakeSocket[] = [];

/** The last open socket whose query has `query`'s entries (e.g. `{ deviceId }`). */
export function openSocket(query: Record<string, string>): FakeSocket | undefined {
  return fakeSockets
    .filter((socket) => !socket.closed)
    .filter((socket) => Object.entries(query).every(([key, value]) => socket.query[key] === value))
    .at(-1);
}

/** The last open socket of no device and no overview: the account-wide channel. */
export function accountSocket(): FakeSocket | undefined {
  return fakeSockets
    .filter((socket) => !socket.closed && !socket.query.deviceId && !socket.query.overview)
    .at(-1);
}

/** The last open overview socket (`overview=1`). */
export function overviewSocket(): FakeSocket | undefined {
  return openSocket({ overview: '1' });
}

export const fakeSocketModule = {
  io: (options: { query?: Record<string, string> } = {}) => {
    const socket = new FakeSocket(options);
    fakeSockets.push(socket);
    return socket;
  },
};

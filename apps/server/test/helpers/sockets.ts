import { randomUUID } from 'node:crypto';
import {
  socketPath,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@vigil/contracts';
import { io, type Socket } from 'socket.io-client';
import type { RealtimeServer } from '../../src/realtime/realtime.js';

export type Received = { event: ServerEventName; payload: unknown };
type Waiter = { test: (item: Received) => boolean; resolve: (item: Received) => void };

/**
 * A browser-like socket (websocket transport, token in `auth`, device and range in the query)
 * that records every event from before it connects, so that a test waits on events, never on time.
 */
export class TestSocket {
  readonly socket: Socket<ServerToClientEvents>;
  readonly received: Received[] = [];
  private readonly waiters: Waiter[] = [];

  constructor(url: string, token: string | undefined, query: Record<string, string> = {}) {
    this.socket = io(url, {
      path: socketPath,
      transports: ['websocket'],
      auth: token === undefined ? {} : { token },
      query,
      autoConnect: false,
      reconnection: false,
      forceNew: true,
    });
    this.socket.onAny((event: ServerEventName, payload: unknown) => {
      const item = { event, payload };
      this.received.push(item);
      for (const waiter of [...this.waiters]) {
        if (waiter.test(item)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(item);
        }
      }
    });
  }

  /** Connects; rejects with the refusal's message. */
  connect(): Promise<this> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => {
        this.socket.off('connect', onConnect);
        reject(error);
      };
      const onConnect = () => {
        this.socket.off('connect_error', onError);
        resolve(this);
      };
      this.socket.once('connect', onConnect);
      this.socket.once('connect_error', onError);
      this.socket.connect();
    });
  }

  /** The message of the connect_error that refuses the handshake. */
  async refusal(): Promise<string> {
    try {
      await this.connect();
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('the handshake was accepted');
  }

  /** The first `event` received (already or later) that matches `test`. */
  next<E extends ServerEventName>(
    event: E,
    test: (payload: ServerEventPayload<E>) => boolean = () => true,
  ): Promise<ServerEventPayload<E>> {
    const matches = (item: Received) =>
      item.event === event && test(item.payload as ServerEventPayload<E>);
    const found = this.received.find(matches);
    if (found) return Promise.resolve(found.payload as ServerEventPayload<E>);
    return new Promise((resolve) => {
      this.waiters.push({
        test: matches,
        resolve: (item) => {
          resolve(item.payload as ServerEventPayload<E>);
        },
      });
    });
  }

  all<E extends ServerEventName>(event: E): ServerEventPayload<E>[] {
    return this.received
      .filter((item) => item.event === event)
      .map((item) => item.payload as ServerEventPayload<E>);
  }

  /**
   * Waits until everything the server sent this socket before now has arrived: a marker event is
   * sent to this socket alone after it, and one socket's events arrive in order.
   */
  async barrier(server: RealtimeServer): Promise<void> {
    const alarmId = randomUUID();
    const id = this.socket.id;
    if (!id) throw new Error('not connected');
    server
      .to(id)
      .emit('alarmData', { deviceId: alarmId, alarmId, alarmType: null, state: 'changed' });
    await this.next('alarmData', (payload) => payload.alarmId === alarmId);
    this.received.splice(
      this.received.findIndex((item) => (item.payload as { alarmId?: string }).alarmId === alarmId),
      1,
    );
  }

  close(): void {
    this.socket.close();
  }
}

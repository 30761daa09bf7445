import {
  socketPath,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  type SocketQuery,
} from '@vigil/contracts';
import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getSession } from './session';

/** Browsers only listen; nothing is sent over the socket but the handshake. */
export type VigilSocket = Socket<ServerToClientEvents, Record<string, never>>;

type Listener = (payload: unknown) => void;

/**
 * A live channel to the API (spec monitoring 7): one socket at a time, with the session's token
 * in the handshake and `deviceId` / `timeValue` in its query for a device's room. Listeners are
 * kept by the channel, not the socket, so they are in place before a socket connects and stay
 * when a new query (another device) replaces it. The socket reconnects by itself; on each
 * (re)connect the server sends the device's current state, so nothing is missed in between.
 */
export class LiveChannel {
  private socket: VigilSocket | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();

  open(query: SocketQuery): void {
    this.close();
    const params: Record<string, string> = {};
    if (query.deviceId) params.deviceId = query.deviceId.toLowerCase();
    if (query.timeValue !== undefined) params.timeValue = String(query.timeValue);
    if (query.overview) params.overview = '1';
    const socket: VigilSocket = io({
      path: socketPath,
      transports: ['websocket'],
      query: params,
      autoConnect: false,
      // A function, so that a reconnect after a new sign-in carries the current token.
      auth: (send) => {
        send({ token: getSession()?.token ?? '' });
      },
    });
    socket.onAny((event: string, payload: unknown) => {
      for (const listener of this.listeners.get(event) ?? []) listener(payload);
    });
    socket.connect();
    this.socket = socket;
  }

  close(): void {
    this.socket?.close();
    this.socket = undefined;
  }

  on<E extends ServerEventName>(
    event: E,
    listener: (payload: ServerEventPayload<E>) => void,
  ): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    this.listeners.set(event, set);
    const untyped = listener as Listener;
    set.add(untyped);
    return () => {
      set.delete(untyped);
    };
  }
}

/**
 * A channel for as long as the component is mounted, connected with `query`; a new query (say,
 * another device or range) replaces its socket. `null` keeps it closed.
 */
export function useLiveChannel(query: SocketQuery | null): LiveChannel {
  const [channel] = useState(() => new LiveChannel());
  const enabled = query !== null;
  const deviceId = query?.deviceId;
  const timeValue = query?.timeValue;
  const overview = query?.overview === true;
  useEffect(() => {
    if (!enabled) return undefined;
    channel.open({
      ...(deviceId ? { deviceId } : {}),
      ...(timeValue === undefined ? {} : { timeValue }),
      ...(overview ? { overview } : {}),
    });
    return () => {
      channel.close();
    };
  }, [channel, enabled, deviceId, timeValue, overview]);
  return channel;
}

/** Calls `handler` for each `event` on `channel`; the latest handler is used without resubscribing. */
export function useLiveEvent<E extends ServerEventName>(
  channel: LiveChannel | undefined,
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      channel?.on(event, (payload) => {
        latest.current(payload);
      }),
    [channel, event],
  );
}

import type { Emitter } from '@socket.io/redis-emitter';
import type { ServerEventName, ServerEventPayload, ServerToClientEvents } from '@vigil/contracts';
import type { Server } from 'socket.io';

/**
 * Sends one typed event to the sockets of some rooms, wherever they are connected: through this
 * process's Socket.IO server (and its adapter), or through Redis from a process without one.
 */
export type Broadcast = <E extends ServerEventName>(
  rooms: string | string[],
  event: E,
  payload: ServerEventPayload<E>,
) => void;

export type SocketServer = Server<Record<string, never>, ServerToClientEvents>;

/** Through a Socket.IO server: its own sockets, and with the Redis adapter every API process's. */
export function serverBroadcast(io: SocketServer): Broadcast {
  return (rooms, event, payload) => {
    // socket.io's emit is typed by an overloaded map that a generic event name cannot narrow.
    (io.to(rooms).emit as (event: ServerEventName, payload: unknown) => boolean)(event, payload);
  };
}

/** Through Redis to every API process (the emitter side of @socket.io/redis-adapter). */
export function emitterBroadcast(emitter: Emitter<ServerToClientEvents>): Broadcast {
  return (rooms, event, payload) => {
    (emitter.to(rooms).emit as (event: ServerEventName, payload: unknown) => boolean)(
      event,
      payload,
    );
  };
}

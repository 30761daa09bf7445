import type { Socket } from 'socket.io-client';

/** Resolves once `socket` connects; rejects on its connection error. */
export function connected(socket: Pick<Socket, 'once'>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once('connect', () => {
      resolve();
    });
    socket.once('connect_error', reject);
  });
}

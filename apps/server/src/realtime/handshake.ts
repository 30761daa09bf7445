import { socketErrors, socketQuery } from '@vigil/contracts';
import { decodeJwt } from 'jose';
import type { Socket } from 'socket.io';
import type { Actor } from '../lib/actor.js';
import type { RealtimeSources } from './ports.js';
import { resolveScope } from '../lib/scope.js';

/** What the handshake established, kept on the socket (`socket.data`). */
export type SocketData = {
  actor: Actor;
  timeValue: number;
  /** Opened for the overview: it joins the overview rooms of what the actor may see. */
  overview: boolean;
  /** The device the socket was opened for: its row id and hardware address. */
  device: { id: string; deviceId: string } | undefined;
  /** For a `user`: the row ids of the devices assigned to them. */
  assigned: string[];
  /** When the token (and so its session) expires, in ms since the epoch: the socket ends then. */
  expiresAt: number;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class HandshakeRefused extends Error {
  override name = 'HandshakeRefused';
}

/**
 * Checks a socket's handshake as the guard checks a request: `auth.token` must be a live
 * session's JWT; the query must parse; a device must be one the actor may see (its account's,
 * and for a `user` one assigned to them; a super_admin watches no device). A refusal's message
 * is one of `socketErrors`, which the client receives as its `connect_error`.
 */
export async function checkHandshake(
  deps: Pick<RealtimeSources, 'authenticate' | 'visibleDevice' | 'assignedDeviceIds'>,
  handshake: Socket['handshake'],
): Promise<SocketData> {
  const auth = handshake.auth as Record<string, unknown> | undefined;
  const token = typeof auth?.token === 'string' ? auth.token : undefined;
  const actor = await deps.authenticate(token, handshake.address || null);
  if (!actor) throw new HandshakeRefused(socketErrors.unauthorized);
  const query = socketQuery.safeParse(handshake.query);
  if (!query.success) throw new HandshakeRefused(socketErrors.badQuery);
  const { deviceId, timeValue, overview } = query.data;
  // Resolved as the guard resolves an `assigned-devices` route's scope.
  const scope = resolveScope(actor, 'assigned-devices');
  const assignedTo = scope.kind === 'account' ? scope.assignedTo : null;
  let device: SocketData['device'];
  if (deviceId !== undefined) {
    if (scope.kind === 'platform') throw new HandshakeRefused(socketErrors.deviceNotFound);
    const key = uuidPattern.test(deviceId) ? { id: deviceId } : { deviceId };
    const row = await deps.visibleDevice(scope.accountId, key, assignedTo);
    if (!row) throw new HandshakeRefused(socketErrors.deviceNotFound);
    device = { id: row.id, deviceId: row.deviceId };
  }
  const assigned = assignedTo === null ? [] : await deps.assignedDeviceIds(assignedTo);
  // Verified above; its `exp` is the session's end (tokens are signed to expire with it).
  const expiresAt = (decodeJwt(token ?? '').exp ?? 0) * 1000;
  return { actor, timeValue, overview: overview === '1', device, assigned, expiresAt };
}

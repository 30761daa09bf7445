import type { Socket } from 'socket.io';
import type { ServerToClientEvents } from '@vigil/contracts';
import { deviceStatusPayload } from './bridge.js';
import type { SocketData } from './handshake.js';
import type { RealtimeSources } from './ports.js';
import { room } from './rooms.js';

export type VigilSocket = Socket<Record<string, never>, ServerToClientEvents, never, SocketData>;

/** The rooms a socket joins for what its handshake established. */
export function roomsOf(data: SocketData): string[] {
  const { actor, device, timeValue, assigned } = data;
  const rooms = [room.user(actor.userId), room.session(actor.sessionId)];
  if (actor.role === 'super_admin') rooms.push(room.platform());
  const accountId = actor.role === 'super_admin' ? null : actor.accountId;
  if (accountId !== null) rooms.push(room.account(accountId));
  if (accountId !== null && actor.role === 'super_user') rooms.push(room.accountOwners(accountId));
  for (const id of assigned) rooms.push(room.deviceUsers(id));
  if (data.overview && accountId !== null) {
    if (actor.role === 'super_user') rooms.push(room.overviewOwners(accountId));
    for (const id of assigned) rooms.push(room.overviewDeviceUsers(id));
  }
  if (device) {
    rooms.push(room.device(device.id));
    if (timeValue < 6) rooms.push(room.deviceGraph(device.id));
  }
  return rooms;
}

/**
 * Joins the socket's rooms, then sends it the current state, read after joining so that nothing
 * stored in between is missed (a change may arrive twice, never not at all): the device's
 * deviceStatus and its latest reading as liveData; for an owner, devicesStatusData with every
 * device of the account. On every (re)connect, so a reconnect never leaves a gap.
 */
export async function welcome(
  sources: Pick<RealtimeSources, 'deviceState' | 'accountDeviceStates'>,
  socket: VigilSocket,
): Promise<void> {
  const data = socket.data;
  await socket.join(roomsOf(data));
  const accountId = data.actor.accountId;
  if (accountId === null || data.actor.role === 'super_admin') return;
  if (data.device) {
    const state = await sources.deviceState(accountId, data.device.id);
    if (state && socket.connected) {
      socket.emit(
        'deviceStatus',
        deviceStatusPayload({ ...state, lastSeenAt: state.lastSeenAt?.toISOString() ?? null }),
      );
      const latest = state.latest;
      if (latest)
        socket.emit('liveData', { id: state.id, deviceId: state.deviceId, reading: latest });
    }
  }
  if (data.actor.role === 'super_user') {
    const devices = await sources.accountDeviceStates(accountId);
    if (socket.connected) {
      socket.emit('devicesStatusData', {
        devices: devices.map((row) =>
          deviceStatusPayload({ ...row, lastSeenAt: row.lastSeenAt?.toISOString() ?? null }),
        ),
      });
    }
  }
}

import { z } from 'zod';
import { gatewayFirmwareEvent } from './firmware.js';
import { reading } from './inventory.js';
import { mapLiveDataEvent } from './maps.js';

/**
 * Socket.IO (spec monitoring 7, DESIGN 5). A browser connects to the API's origin at path
 * `/socket.io` with `auth: { token: <jwt> }`. The handshake `query` may carry
 * `deviceId` (the device's row id or its hardware address, lower-case) and `timeValue`
 * (the data panel's range: 0 live, 1-5 presets, 6 custom): the socket then joins that device's
 * room, and receives at once the device's current state (`deviceStatus`, and `liveData` with the
 * latest reading) so that a reconnect never leaves a gap. Selecting another device opens a new
 * socket and closes the old one (spec monitoring 4). Every socket also joins its account's and
 * its user's rooms; an account owner's sockets get `devicesStatusData`.
 *
 * A refused handshake ends with a `connect_error` whose message is one of `socketErrors`.
 */
export const socketPath = '/socket.io';

export const socketErrors = {
  unauthorized: 'unauthorized',
  deviceNotFound: 'device not found',
  badQuery: 'bad query',
} as const;

export const socketQuery = z.object({
  deviceId: z.string().trim().toLowerCase().min(1).max(64).optional(),
  timeValue: z.coerce.number().int().min(0).max(6).default(1),
  /**
   * `overview=1`: the socket of the at-a-glance view, which receives `overviewData` (every
   * visible device's newest reading, at most one per device every few seconds) and the
   * `deviceStatus` of each visible device.
   */
  overview: z.enum(['1']).optional(),
});
export type SocketQuery = { deviceId?: string; timeValue?: number; overview?: boolean };

const status = z.enum(['active', 'inactive']);

/** A device came online ('active') or went offline. */
export const deviceStatusEvent = z.object({
  /** The device's row id. */
  id: z.uuid(),
  /** The hardware address (spec: device_id). */
  device_id: z.string(),
  status,
  lastSeenAt: z.iso.datetime().nullable(),
});
export type DeviceStatusEvent = z.infer<typeof deviceStatusEvent>;

/** A reading just stored (durable), for the device room. */
export const liveDataEvent = z.object({
  id: z.uuid(),
  deviceId: z.string(),
  reading,
});
export type LiveDataEvent = z.infer<typeof liveDataEvent>;

/** Every device's state of the account, for account owners (spec: super_user only). */
export const devicesStatusDataEvent = z.object({
  devices: z.array(deviceStatusEvent),
});
export type DevicesStatusDataEvent = z.infer<typeof devicesStatusDataEvent>;

/** A door opened, or an open door closed (spec monitoring 3: recent door row). */
export const doorOpening = z.object({
  id: z.uuid(),
  /** The door sensor's row id. */
  deviceDbId: z.uuid(),
  deviceId: z.string(),
  deviceName: z.string(),
  location: z.string().nullable(),
  /** The door-lock user who opened it, when the lock reports one. */
  user: z.string().nullable(),
  timeOpened: z.iso.datetime(),
  timeClosed: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type DoorOpening = z.infer<typeof doorOpening>;

export const alarmState = z.enum(['error', 'good']);

/**
 * An alarm condition started on a device (emitted by the alarm engine). `alarmId` is null for
 * an offline alarm (it comes from the account's offline settings, not from a defined alarm).
 */
export const removeAlarmEvent = z.object({
  deviceId: z.uuid(),
  alarmId: z.uuid().nullable(),
  alarmType: z.string(),
});
/**
 * An alarm was raised: beyond the spec's fields, what its toast shows (the event, the device,
 * the raising value and the thresholds, temperatures in Celsius). Only the people who may see
 * the device receive it.
 */
export const newAlarmEvent = removeAlarmEvent.extend({
  eventId: z.uuid().optional(),
  deviceName: z.string().optional(),
  alarmName: z.string().nullable().optional(),
  value: z.number().nullable().optional(),
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
});
export type NewAlarmEvent = z.infer<typeof newAlarmEvent>;
/** Something changed in the account's alarms: lists of recent alarms should refetch. */
export const alarmDataEvent = z.object({
  deviceId: z.uuid(),
  alarmId: z.uuid().nullable(),
  alarmType: z.string().nullable(),
  state: z.enum(['raised', 'cleared', 'acknowledged', 'changed']),
});

/**
 * A toast for the map view (spec monitoring 7): `error` when an alarm is raised, `success` when
 * it clears; `type` says whether it is a defined alarm or the device going offline. `id` is the
 * alarm event's id (for a device's online/offline change, which has no event, a fresh id);
 * `deviceDBId` the device's row id (the dot to colour).
 */
export const mapNotificationEvent = z.object({
  id: z.uuid(),
  deviceDBId: z.uuid(),
  status: z.enum(['success', 'error', 'info']),
  type: z.enum(['alarm', 'offline']),
  alarmType: z.string(),
  msg: z.string(),
});
export type MapNotificationEvent = z.infer<typeof mapNotificationEvent>;

/** Server -> browser events: one name -> payload map for the emitter and the listeners. */
export const serverEvents = {
  deviceStatus: deviceStatusEvent,
  liveData: liveDataEvent,
  /** Like liveData, only for sockets whose timeValue is below 6 (charts of a preset range). */
  graphData: liveDataEvent,
  devicesStatusData: devicesStatusDataEvent,
  recentDoorData: doorOpening,
  newAlarm: newAlarmEvent,
  removeAlarm: removeAlarmEvent,
  alarmData: alarmDataEvent,
  mapNotification: mapNotificationEvent,
  /** A placed device's newest readings, at most one per device every few seconds. */
  mapLiveData: mapLiveDataEvent,
  /** Overview sockets: a visible device's newest reading (at most one every few seconds). */
  overviewData: liveDataEvent,
  /** Platform administrators only: an OTA update moved on. */
  gatewayFirmware: gatewayFirmwareEvent,
} as const;
export type ServerEventName = keyof typeof serverEvents;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEvents)[E]>;

/** The typed listener map for socket.io's generics (server `Server<{}, ServerToClient>`). */
export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};

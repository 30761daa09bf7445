import type { QueryClient } from '@tanstack/react-query';
import {
  deviceAlarmState,
  type Device,
  type DeviceStatus,
  type DeviceStatusEvent,
  type DevicesStatusDataEvent,
  type LiveDataEvent,
  type Pagination,
} from '@vigil/contracts';
import { sharedKeys } from '../../../lib/query-keys';
import { dashboardKeys } from './keys';

/**
 * Socket events write into the query cache (STYLE 9): these functions are the whole bridge, so
 * they are tested without a socket.
 */

interface DeviceList {
  list: Device[];
  meta: { pagination: Pagination };
}

type DeviceState = Pick<
  DeviceStatus,
  'id' | 'deviceId' | 'status' | 'lastSeenAt' | 'latest' | 'state' | 'alarms'
>;

/**
 * The Device status card's state word follows the status and last reading the live events
 * bring, as the server words it (contracts `deviceAlarmState`): a device that comes back online
 * is no longer shown as offline while its readings stream in.
 */
const withState = (device: DeviceState): DeviceState => ({
  ...device,
  state: deviceAlarmState(device),
});

type StatusChange = Pick<DeviceStatusEvent, 'id' | 'status' | 'lastSeenAt'>;

function patchDeviceLists(queryClient: QueryClient, changes: StatusChange[]): void {
  const byId = new Map(changes.map((change) => [change.id, change]));
  queryClient.setQueriesData<DeviceList>({ queryKey: dashboardKeys.devices }, (current) => {
    if (!current) return current;
    const list = current.list.map((device) => {
      const change = byId.get(device.id);
      if (!change || change.status === device.status) return device;
      return { ...device, status: change.status, lastSeenAt: change.lastSeenAt };
    });
    return list.some((device, index) => device !== current.list[index])
      ? { ...current, list }
      : current;
  });
}

function patchDeviceState(queryClient: QueryClient, change: StatusChange): void {
  queryClient.setQueryData<DeviceState>(dashboardKeys.deviceStatus(change.id), (current) =>
    current
      ? withState({ ...current, status: change.status, lastSeenAt: change.lastSeenAt })
      : current,
  );
}

/** `deviceStatus` (device channel): one device went online or offline. */
export function applyDeviceStatus(queryClient: QueryClient, event: DeviceStatusEvent): void {
  patchDeviceLists(queryClient, [event]);
  patchDeviceState(queryClient, event);
}

/** `devicesStatusData` (account channel, owners): the state of every device of the account. */
export function applyDevicesStatus(queryClient: QueryClient, event: DevicesStatusDataEvent): void {
  patchDeviceLists(queryClient, event.devices);
  for (const device of event.devices) patchDeviceState(queryClient, device);
}

/** `liveData` (device channel): a reading just stored is the device's latest, and it is online. */
export function applyLiveData(queryClient: QueryClient, event: LiveDataEvent): void {
  queryClient.setQueryData<DeviceState>(dashboardKeys.deviceStatus(event.id), (current) => {
    if (!current) return current;
    const newer = !current.latest || current.latest.createdAt <= event.reading.createdAt;
    // A backfilled reading arriving late is history, not the current state.
    if (!newer) return current;
    return withState({
      ...current,
      status: 'active',
      lastSeenAt: event.reading.createdAt,
      latest: event.reading,
    });
  });
}

/** A status change moves the Status card's counts: fetch them again. */
export const refreshConnectedStatus = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: dashboardKeys.connectedStatus });

/** `recentDoorData`: a door opened or closed; the recent door table fetches its page again. */
export const refreshDoorOpenings = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: dashboardKeys.recentDoorOpenings });

/**
 * `alarmData` (spec monitoring 7): refresh the recent alarm and door lists, and every other view
 * of an alarm's state (the device status card's badge among them).
 */
export const refreshAlarmLists = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedKeys.alarmViews }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.recentDoorOpenings }),
  ]);

type AlarmChange = { deviceId: string; alarmType: string };

function patchLastAlarms(
  queryClient: QueryClient,
  change: AlarmChange,
  patch: (lastAlarms: Device['lastAlarms']) => Device['lastAlarms'],
): void {
  queryClient.setQueriesData<DeviceList>({ queryKey: dashboardKeys.devices }, (current) => {
    if (!current?.list.some((device) => device.id === change.deviceId)) return current;
    return {
      ...current,
      list: current.list.map((device) =>
        device.id === change.deviceId
          ? { ...device, lastAlarms: patch(device.lastAlarms) }
          : device,
      ),
    };
  });
}

/** `newAlarm` (spec monitoring 4): the device joins the alarm set, highlighted in the lists. */
export function applyNewAlarm(queryClient: QueryClient, event: AlarmChange): void {
  patchLastAlarms(queryClient, event, (lastAlarms) => ({
    ...lastAlarms,
    [event.alarmType]: 'error',
  }));
}

/** `removeAlarm`: that alarm type recovered; the device leaves the set when none is left. */
export function applyRemoveAlarm(queryClient: QueryClient, event: AlarmChange): void {
  patchLastAlarms(queryClient, event, (lastAlarms) =>
    Object.fromEntries(Object.entries(lastAlarms).filter(([type]) => type !== event.alarmType)),
  );
}

/** A device is in the alarm set while any of its alarm types is in error. */
export const hasActiveAlarm = (device: Pick<Device, 'lastAlarms'>): boolean =>
  Object.values(device.lastAlarms).includes('error');

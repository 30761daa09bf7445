import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  MapItem,
  MapLiveDataEvent,
  MapNotificationEvent,
  PlacedDeviceState,
} from '@vigil/contracts';
import type { MapReadings } from '../model/readings';
import { mapKeys } from './keys';

/**
 * The map socket's events into the query cache (STYLE 9): pure functions of the cache, tested
 * without a socket.
 */

type StateChange = Pick<MapNotificationEvent, 'status' | 'type' | 'alarmType'>;

/**
 * Spec monitoring 4: an error sets offline or the alarm; a success clears offline or that alarm
 * type, and the alarm flag only when no alarm type is left in error; info changes nothing.
 */
export function applyToDevice(device: PlacedDeviceState, event: StateChange): PlacedDeviceState {
  if (event.status === 'info') return device;
  const raised = event.status === 'error';
  if (event.type === 'offline') return { ...device, offline: raised };
  const others = device.alarmTypes.filter((type) => type !== event.alarmType);
  const alarmTypes = raised ? [...others, event.alarmType] : others;
  return { ...device, alarmTypes, alarm: alarmTypes.length > 0 };
}

/** `mapNotification`: the device's dot on whichever map it is placed changes colour. */
export function applyMapNotification(queryClient: QueryClient, event: MapNotificationEvent): void {
  if (event.status === 'info') return;
  queryClient.setQueryData<MapItem[]>(mapKeys.list, (maps) => {
    if (!maps?.some((map) => map.deviceSettings.some((d) => d.id === event.deviceDBId)))
      return maps;
    return maps.map((map) => ({
      ...map,
      deviceSettings: map.deviceSettings.map((device) =>
        device.id === event.deviceDBId ? applyToDevice(device, event) : device,
      ),
    }));
  });
}

export type LiveReadings = Record<string, MapReadings & { createdAt: string }>;

/** `mapLiveData`: the device's newest readings for the hover tooltip (a late one is history). */
export function applyMapLiveData(queryClient: QueryClient, event: MapLiveDataEvent): void {
  queryClient.setQueryData<LiveReadings>(mapKeys.readings, (current = {}) => {
    const known = current[event.deviceDBId];
    if (known && known.createdAt > event.createdAt) return current;
    const { temperature, humidity, carbon, createdAt } = event;
    return { ...current, [event.deviceDBId]: { temperature, humidity, carbon, createdAt } };
  });
}

/**
 * The alarm sound's reasons: one per device and alarm type in error; a success of that device
 * and type ends it (spec monitoring 4: sound plays while an error is active).
 */
export function nextSounding(current: ReadonlySet<string>, event: MapNotificationEvent) {
  const key = `${event.deviceDBId}:${event.type === 'offline' ? 'offline' : event.alarmType}`;
  if (event.status === 'info') return current;
  if (event.status === 'error') return current.has(key) ? current : new Set(current).add(key);
  if (!current.has(key)) return current;
  const next = new Set(current);
  next.delete(key);
  return next;
}

/** The live readings kept by `applyMapLiveData` (nothing is fetched). */
export function useLiveReadings(): LiveReadings {
  const query = useQuery({
    queryKey: mapKeys.readings,
    queryFn: (): LiveReadings => ({}),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return query.data ?? {};
}

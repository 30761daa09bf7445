import type {
  MapItem,
  MapNotificationEvent,
  PlacedDeviceState,
  PlacedLocation,
} from '@vigil/contracts';
import { ids } from '../../../test/fixtures';

export const mapIds = {
  first: '00000000-0000-4000-8000-0000000000e1',
  second: '00000000-0000-4000-8000-0000000000e2',
  otherLocation: '00000000-0000-4000-8000-0000000000c2',
};

export function placedLocationOf(extra: Partial<PlacedLocation> = {}): PlacedLocation {
  return {
    id: ids.location,
    title: 'Cold room',
    x: 0,
    y: 0,
    imageWidth: 200,
    imageHeight: 120,
    imageX: 40,
    imageY: 40,
    scale: 1,
    ...extra,
  };
}

export function placedDeviceOf(extra: Partial<PlacedDeviceState> = {}): PlacedDeviceState {
  return {
    id: ids.device,
    deviceId: '00:1a:2b:3c:4d:5e',
    name: 'Fridge 1',
    offline: false,
    locationId: ids.location,
    x: 0,
    y: 0,
    imageX: 80,
    imageY: 80,
    scale: 1,
    alarm: false,
    alarmTypes: [],
    removed: false,
    ...extra,
  };
}

export function mapOf(extra: Partial<MapItem> = {}): MapItem {
  return {
    id: mapIds.first,
    title: 'Ground floor',
    location: `/api/map/${mapIds.first}/image?token=t`,
    imageMime: 'image/png',
    imageWidth: 800,
    imageHeight: 500,
    imageSettings: { x: 0, y: 0 },
    locationSettings: [placedLocationOf()],
    deviceSettings: [placedDeviceOf()],
    radius: 5,
    scale: 1,
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    ...extra,
  };
}

/** A map socket toast: by default the temperature alarm of the fixture's device being raised. */
export function notificationOf(extra: Partial<MapNotificationEvent> = {}): MapNotificationEvent {
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    deviceDBId: ids.device,
    status: 'error',
    type: 'alarm',
    alarmType: 'temperature',
    msg: 'Reagents warm on Fridge 1: Temperature out of range (6.1)',
    ...extra,
  };
}

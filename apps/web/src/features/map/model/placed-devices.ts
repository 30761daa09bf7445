import type {
  Device,
  PlacedDevice,
  PlacedDeviceState,
  PlacedLocation,
  TemperatureUnit,
} from '@vigil/contracts';
import { dotStateOf, type DeviceFlags, type DotState } from './dot-state';
import { readingTexts, readingsOf, type MapReadings, type ReadingTexts } from './readings';

/**
 * A placed device's flags: as the map's list says (kept live by the map socket), or, for one
 * placed since the last save, as the device list says.
 */
export function flagsOf(
  placed: PlacedDevice,
  stored: PlacedDeviceState | undefined,
  device: Device | undefined,
): DeviceFlags {
  if (stored) return { offline: stored.offline, alarm: stored.alarm, removed: stored.removed };
  if (!device) return { offline: placed.offline, alarm: false, removed: false };
  return {
    offline: device.status !== 'active',
    alarm: Object.values(device.lastAlarms).includes('error'),
    removed:
      device.removedFromLocation ||
      (placed.locationId !== null && device.locationId !== placed.locationId),
  };
}

export interface DeviceView {
  id: string;
  name: string;
  imageX: number;
  imageY: number;
  location: string;
  state: DotState;
  readings: ReadingTexts;
}

interface Sources {
  stored: readonly PlacedDeviceState[];
  devices: readonly Device[];
  locations: readonly PlacedLocation[];
  live: Record<string, MapReadings | undefined>;
  unit: TemperatureUnit;
}

/** Everything the canvas, tooltip and list show of the draft's devices. */
export function deviceViews(placed: readonly PlacedDevice[], sources: Sources): DeviceView[] {
  const stored = new Map(sources.stored.map((device) => [device.id, device]));
  const devices = new Map(sources.devices.map((device) => [device.id, device]));
  const locations = new Map(sources.locations.map((location) => [location.id, location.title]));
  return placed.map((item) => {
    const device = devices.get(item.id);
    const readings = sources.live[item.id] ?? readingsOf(device?.latestData.nodeData);
    return {
      id: item.id,
      name: stored.get(item.id)?.name ?? device?.name ?? item.name,
      imageX: item.imageX,
      imageY: item.imageY,
      location: (item.locationId && locations.get(item.locationId)) ?? '',
      state: dotStateOf(flagsOf(item, stored.get(item.id), device)),
      readings: readingTexts(readings, sources.unit),
    };
  });
}

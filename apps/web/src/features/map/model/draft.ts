import {
  mapLimits,
  type MapItem,
  type MapSaveBody,
  type PlacedDevice,
  type PlacedLocation,
} from '@vigil/contracts';
import { loadedRadius } from './radius';
import { toScreen, type MapView, type Point, type Size } from './view';

/** What an owner edits on a map before Save: its placed locations and devices and the radius. */
export interface MapDraft {
  locations: PlacedLocation[];
  devices: PlacedDevice[];
  radius: number;
}

export interface Outline {
  imageX: number;
  imageY: number;
  imageWidth: number;
  imageHeight: number;
}

/** A placement under way (spec monitoring 4): click to place, then Done commits, Remove cancels. */
export type Placement =
  | { kind: 'location'; id: string; title: string; outline?: Outline }
  | { kind: 'device'; id: string; deviceId: string; name: string; locationId: string; at?: Point }
  | { kind: 'move'; id: string; name: string; at?: Point };

export function draftOf(map: MapItem): MapDraft {
  return {
    locations: map.locationSettings.map((location) => ({ ...location })),
    devices: map.deviceSettings.map(
      ({ id, deviceId, name, offline, locationId, x, y, imageX, imageY, scale }) => ({
        id,
        deviceId,
        name,
        offline,
        locationId,
        x,
        y,
        imageX,
        imageY,
        scale,
      }),
    ),
    radius: loadedRadius(map.radius),
  };
}

/** A new location's outline: a fifth of the plan wide, centred on the click, inside the plan. */
export function outlineAt(point: Point, image: Size): Outline {
  const width = Math.max(40, Math.round(image.width / 5));
  const height = Math.max(30, Math.round(image.height / 6));
  const inside = (value: number, size: number, limit: number) =>
    Math.min(Math.max(0, value - size / 2), Math.max(0, limit - size));
  return {
    imageX: Math.round(inside(point.x, width, image.width)),
    imageY: Math.round(inside(point.y, height, image.height)),
    imageWidth: width,
    imageHeight: height,
  };
}

/** The placement with its spot chosen at `point` (plan coordinates). */
export function placeAt(placement: Placement, point: Point, image: Size): Placement {
  const at = { x: Math.round(point.x), y: Math.round(point.y) };
  return placement.kind === 'location'
    ? { ...placement, outline: outlineAt(point, image) }
    : { ...placement, at };
}

/** Done: the placement joins the draft; undefined while nothing has been clicked yet. */
export function commitPlacement(
  draft: MapDraft,
  placement: Placement,
  view: MapView,
): MapDraft | undefined {
  const scale = view.scale;
  if (placement.kind === 'location') {
    const { outline } = placement;
    if (!outline) return undefined;
    const screen = toScreen(view, { x: outline.imageX, y: outline.imageY });
    const location = { id: placement.id, title: placement.title, ...screen, ...outline, scale };
    return {
      ...draft,
      locations: [...draft.locations.filter((l) => l.id !== placement.id), location],
    };
  }
  const { at } = placement;
  if (!at) return undefined;
  const spot = { ...toScreen(view, at), imageX: at.x, imageY: at.y, scale };
  if (placement.kind === 'move') {
    return {
      ...draft,
      devices: draft.devices.map((d) => (d.id === placement.id ? { ...d, ...spot } : d)),
    };
  }
  const device: PlacedDevice = {
    id: placement.id,
    deviceId: placement.deviceId,
    name: placement.name,
    offline: false,
    locationId: placement.locationId,
    ...spot,
  };
  return { ...draft, devices: [...draft.devices.filter((d) => d.id !== placement.id), device] };
}

/** A location leaves the map, and the devices placed in it with it. */
export const removeLocation = (draft: MapDraft, id: string): MapDraft => ({
  ...draft,
  locations: draft.locations.filter((location) => location.id !== id),
  devices: draft.devices.filter((device) => device.locationId !== id),
});

export const removeDevice = (draft: MapDraft, id: string): MapDraft => ({
  ...draft,
  devices: draft.devices.filter((device) => device.id !== id),
});

/** `POST /api/map`: the draft, with the current view as the image offset and scale. */
export function saveBodyOf(mapId: string, draft: MapDraft, view: MapView): MapSaveBody {
  const scale = Math.min(mapLimits.scaleMax, Math.max(mapLimits.scaleMin, view.scale));
  return {
    id: mapId,
    image_settings: { x: Math.round(view.x), y: Math.round(view.y) },
    location_settings: draft.locations,
    device_settings: draft.devices,
    radius: draft.radius,
    scale,
  };
}

/**
 * Spec monitoring 5: a location or device already placed on any map is not offered again.
 * `current` is the map being edited, whose placements are those of its draft.
 */
export function placedIds(maps: readonly MapItem[], current: string, draft: MapDraft | undefined) {
  const others = maps.filter((map) => map.id !== current);
  return {
    locations: new Set([
      ...others.flatMap((map) => map.locationSettings.map((location) => location.id)),
      ...(draft?.locations.map((location) => location.id) ?? []),
    ]),
    devices: new Set([
      ...others.flatMap((map) => map.deviceSettings.map((device) => device.id)),
      ...(draft?.devices.map((device) => device.id) ?? []),
    ]),
  };
}

/** A map that was never saved has no stored view: it opens fitted to the canvas. */
export const hasStoredView = (map: MapItem): boolean =>
  map.scale !== mapLimits.scaleDefault || map.imageSettings.x !== 0 || map.imageSettings.y !== 0;

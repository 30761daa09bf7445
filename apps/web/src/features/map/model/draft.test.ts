import { describe, expect, it } from 'vitest';
import { ids } from '../../../test/fixtures';
import { mapIds, mapOf, placedDeviceOf, placedLocationOf } from '../test/map-fixtures';
import {
  commitPlacement,
  draftOf,
  hasStoredView,
  outlineAt,
  placeAt,
  placedIds,
  removeDevice,
  removeLocation,
  saveBodyOf,
} from './draft';

const image = { width: 800, height: 500 };
const view = { x: 10, y: 20, scale: 2 };

describe('map draft', () => {
  it('starts from the stored map, the radius capped at 5, without the live state', () => {
    const draft = draftOf(mapOf({ radius: 9 }));
    expect(draft.radius).toBe(5);
    expect(draft.devices[0]).not.toHaveProperty('alarm');
    expect(draft.devices[0]).toMatchObject({ id: ids.device, imageX: 80 });
    expect(draft.locations).toHaveLength(1);
  });

  it('places a new location’s outline around the click, inside the plan', () => {
    expect(outlineAt({ x: 400, y: 250 }, image)).toEqual({
      imageX: 320,
      imageY: 209,
      imageWidth: 160,
      imageHeight: 83,
    });
    expect(outlineAt({ x: 5, y: 495 }, image)).toMatchObject({ imageX: 0, imageY: 417 });
  });

  it('commits a location only once the plan was clicked (Done), Remove leaves the draft', () => {
    const draft = draftOf(mapOf({ locationSettings: [], deviceSettings: [] }));
    const placement = { kind: 'location' as const, id: mapIds.otherLocation, title: 'Cryo' };
    expect(commitPlacement(draft, placement, view)).toBeUndefined();
    const next = commitPlacement(draft, placeAt(placement, { x: 400, y: 250 }, image), view);
    expect(next?.locations).toEqual([
      {
        id: mapIds.otherLocation,
        title: 'Cryo',
        imageX: 320,
        imageY: 209,
        imageWidth: 160,
        imageHeight: 83,
        x: 650,
        y: 438,
        scale: 2,
      },
    ]);
  });

  it('places a device in a location and moves it', () => {
    const draft = draftOf(mapOf({ deviceSettings: [] }));
    const placement = {
      kind: 'device' as const,
      id: ids.otherDevice,
      deviceId: 'aa:bb',
      name: 'Freezer',
      locationId: ids.location,
    };
    const placed = commitPlacement(draft, placeAt(placement, { x: 90.4, y: 60.6 }, image), view);
    expect(placed?.devices).toEqual([
      expect.objectContaining({ id: ids.otherDevice, imageX: 90, imageY: 61, x: 190, y: 142 }),
    ]);
    const move = { kind: 'move' as const, id: ids.otherDevice, name: 'Freezer' };
    const moved = commitPlacement(placed!, placeAt(move, { x: 10, y: 10 }, image), view);
    expect(moved?.devices).toEqual([
      expect.objectContaining({
        id: ids.otherDevice,
        imageX: 10,
        imageY: 10,
        locationId: ids.location,
      }),
    ]);
  });

  it('removes a location with its devices, or one device', () => {
    const draft = draftOf(
      mapOf({
        deviceSettings: [
          placedDeviceOf(),
          placedDeviceOf({ id: ids.otherDevice, locationId: mapIds.otherLocation }),
        ],
      }),
    );
    expect(removeLocation(draft, ids.location).devices.map((d) => d.id)).toEqual([ids.otherDevice]);
    expect(removeLocation(draft, ids.location).locations).toEqual([]);
    expect(removeDevice(draft, ids.otherDevice).devices.map((d) => d.id)).toEqual([ids.device]);
  });

  it('saves the draft with the view as image offset and scale', () => {
    const draft = draftOf(mapOf());
    expect(saveBodyOf(mapIds.first, draft, { x: 10.4, y: -3.6, scale: 0.001 })).toMatchObject({
      id: mapIds.first,
      image_settings: { x: 10, y: -4 },
      scale: 0.01,
      radius: 5,
      location_settings: draft.locations,
      device_settings: draft.devices,
    });
  });

  it('offers only locations and devices placed on no map', () => {
    const maps = [
      mapOf(),
      mapOf({
        id: mapIds.second,
        locationSettings: [placedLocationOf({ id: mapIds.otherLocation })],
        deviceSettings: [placedDeviceOf({ id: ids.thirdDevice })],
      }),
    ];
    const draft = removeDevice(draftOf(mapOf()), ids.device);
    const placed = placedIds(maps, mapIds.first, draft);
    expect([...placed.locations].sort()).toEqual([ids.location, mapIds.otherLocation].sort());
    // Taken off this map in the draft: offered again.
    expect([...placed.devices]).toEqual([ids.thirdDevice]);
  });

  it('knows a map never saved has no stored view', () => {
    expect(hasStoredView(mapOf())).toBe(false);
    expect(hasStoredView(mapOf({ scale: 0.5 }))).toBe(true);
    expect(hasStoredView(mapOf({ imageSettings: { x: 3, y: 0 } }))).toBe(true);
  });
});

import { z } from 'zod';
import { data, uuid } from './common.js';
import { messages } from './messages.js';

/**
 * Floor-plan maps (spec monitoring 2, 3, 4, 5, 7, 9). A super_user uploads a plan image
 * (`POST /api/map/upload`, multipart `file` + `title`), then saves where its locations and devices
 * sit (`POST /api/map`); everyone of the account reads them with `GET /api/map`.
 */

/** Business constants (spec monitoring 9). */
export const mapLimits = {
  radiusDefault: 5,
  /** The radius control's bounds (steps of 1); a stored radius above 5 is capped to 5 on load. */
  radiusMin: 1,
  radiusMax: 5,
  scaleDefault: 1,
  scaleMin: 0.01,
  scaleMax: 100,
  zoomStep: 0.8,
  wheelFactor: 0.0005,
  dotSize: 5,
  clickTolerance: 2,
  searchMinChars: 2,
  titleMax: 100,
  /** Placed locations / devices per map. */
  placedMax: 1000,
} as const;

/** The image kinds a plan may be (sniffed from the bytes, and the name must agree). */
export const mapImageTypes = {
  png: { mime: 'image/png', extensions: ['.png'] },
  jpeg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  webp: { mime: 'image/webp', extensions: ['.webp'] },
  svg: { mime: 'image/svg+xml', extensions: ['.svg'] },
} as const;
export type MapImageType = keyof typeof mapImageTypes;

const coordinate = z.number();
const scale = z.number().min(mapLimits.scaleMin).max(mapLimits.scaleMax);

export const mapImageSettings = z.object({ x: coordinate, y: coordinate });
export type MapImageSettings = z.infer<typeof mapImageSettings>;

/** A location outline on a map; `title` is the location's name (the server fills it). */
export const placedLocation = z.object({
  id: uuid,
  title: z.string().max(200).default(''),
  x: coordinate,
  y: coordinate,
  imageWidth: z.number().min(0),
  imageHeight: z.number().min(0),
  imageX: coordinate,
  imageY: coordinate,
  scale: scale.default(1),
});
export type PlacedLocation = z.infer<typeof placedLocation>;

/**
 * A device dot on a map. `id` is the device's row id, `deviceId` its hardware address, `name` and
 * `offline` as of the save (the server fills them from the device; GET refreshes them).
 */
export const placedDevice = z.object({
  id: uuid,
  deviceId: z.string().max(64).default(''),
  name: z.string().max(200).default(''),
  offline: z.boolean().default(false),
  locationId: uuid.nullable(),
  x: coordinate,
  y: coordinate,
  imageX: coordinate,
  imageY: coordinate,
  scale: scale.default(1),
});
export type PlacedDevice = z.infer<typeof placedDevice>;

/** A placed device as `GET /api/map` returns it: its current state read from the database. */
export const placedDeviceState = placedDevice.extend({
  deviceId: z.string(),
  name: z.string(),
  offline: z.boolean(),
  scale: z.number(),
  /** Some alarm type is raised (an open alarm event other than offline). */
  alarm: z.boolean(),
  /** The open alarm types, e.g. `temperature` (offline excluded). */
  alarmTypes: z.array(z.string()),
  /**
   * The device was deleted, or moved out of the location it was placed in (spec: removed from
   * location, teal; the confirmDeviceRemovedMap flow).
   */
  removed: z.boolean(),
});
export type PlacedDeviceState = z.infer<typeof placedDeviceState>;

export const mapItem = z.object({
  id: z.uuid(),
  title: z.string(),
  /**
   * The image URL: a signed link, good for `mapImageLinkMinutes`, that only this account's
   * `GET /api/map` hands out (refetch the list for a fresh one).
   */
  location: z.string(),
  imageMime: z.string(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  imageSettings: mapImageSettings,
  locationSettings: z.array(placedLocation.extend({ title: z.string(), scale: z.number() })),
  deviceSettings: z.array(placedDeviceState),
  /** Capped at 5 on load (spec monitoring 5). */
  radius: z.number().int(),
  scale: z.number(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type MapItem = z.infer<typeof mapItem>;

export const mapImageLinkMinutes = 60;

export const mapListReply = data(z.array(mapItem));
export const mapReply = data(mapItem);
/** `message` is 'Saved' (the addMap modal closes and the maps reload). */
export const mapUploadReply = data(z.object({ map: mapItem, message: z.string() }));

/** `POST /api/map` (spec: id, image_settings, location_settings, device_settings, radius, scale). */
export const mapSaveBody = z.object({
  id: z.uuid({ error: messages.mapSelectMap }),
  image_settings: mapImageSettings.default({ x: 0, y: 0 }),
  location_settings: z.array(placedLocation).max(mapLimits.placedMax).default([]),
  device_settings: z.array(placedDevice).max(mapLimits.placedMax).default([]),
  radius: z
    .number()
    .int()
    .min(mapLimits.radiusMin)
    .max(mapLimits.radiusMax)
    .default(mapLimits.radiusDefault),
  scale: scale.default(mapLimits.scaleDefault),
});
export type MapSaveBody = z.input<typeof mapSaveBody>;

export const mapImageParams = z.object({ id: uuid });
export const mapImageQuery = z.object({ token: z.string().min(1).max(2000) });

/** Live readings of a placed device for the map's hover tooltip (spec: mapLiveData). */
export const mapLiveDataEvent = z.object({
  /** The device's row id. */
  deviceDBId: z.uuid(),
  /** The hardware address. */
  deviceId: z.string(),
  createdAt: z.iso.datetime(),
  /** Celsius; -255 (or null) means no reading: NA on the map. Node_Type 1 reads `thermo`. */
  temperature: z.number().nullable(),
  /** CO2 percent. */
  carbon: z.number().nullable(),
  humidity: z.number().nullable(),
});
export type MapLiveDataEvent = z.infer<typeof mapLiveDataEvent>;

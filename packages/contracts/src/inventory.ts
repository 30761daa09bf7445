import { z } from 'zod';
import { data, pagedList, pageQuery } from './common.js';
import { deviceOfflineFrequencies, equipmentTypes, ttlOptions } from './constants.js';
import { requiredText } from './fields.js';
import { messages } from './messages.js';

const flag = z.union([z.literal(0), z.literal(1)]);

/** Hardware address: hex pairs, with or without colons; stored lower-case with colons. */
export const deviceIdField = () =>
  requiredText('deviceIdRequired')
    .transform((value) => value.toLowerCase().replace(/[\s:-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^([0-9a-f]{2}){2,16}$/, { error: messages.deviceIdInvalid })
        .transform((hex) => hex.match(/../g)?.join(':') ?? hex),
    );

export const gatewayIdField = () =>
  requiredText('gatewayIdRequired')
    .toLowerCase()
    .regex(/^[a-z0-9:._-]{2,64}$/, { error: messages.gatewayIdInvalid });

export const timezoneField = () =>
  z.string({ error: messages.timezoneInvalid }).refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: messages.timezoneInvalid },
  );

const deviceNameField = () =>
  requiredText('deviceNameRequired')
    .min(2, { error: messages.deviceNameTooShort })
    .max(30, { error: messages.deviceNameTooLong });

/** Live reading fields (spec monitoring 3); null = no reading (-255 on the wire). */
export const reading = z.object({
  createdAt: z.iso.datetime(),
  t: z.number().nullable(),
  h: z.number().nullable(),
  c: z.number().nullable(),
  b: z.number().nullable(),
  m: z.number().nullable(),
  d: z.number().nullable(),
  w: z.number().nullable(),
  Node_Type: z.number().nullable(),
  thermo: z.number().nullable(),
  sht_t: z.number().nullable(),
  sht_rh: z.number().nullable(),
  sht_1_t: z.number().nullable(),
  sht_1_rh: z.number().nullable(),
  CO2_s: z.number().nullable(),
  BV: z.number().nullable(),
  water_s: z.number().nullable(),
  ln2lvl: z.number().nullable(),
  pressure: z.number().nullable(),
  light_s: z.number().nullable(),
  backfilled: z.boolean(),
});
export type Reading = z.infer<typeof reading>;

export const device = z.object({
  id: z.uuid(),
  deviceId: z.string(),
  name: z.string(),
  gatewayId: z.uuid().nullable(),
  gateway: z.object({ id: z.uuid(), name: z.string(), gatewayId: z.string() }).nullable(),
  locationId: z.uuid().nullable(),
  location: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  equipmentType: z.enum(equipmentTypes),
  equipmentStatus: flag,
  offlineAlarmEnable: flag,
  offlineAlarmFrequency: z.number().int(),
  ttl: z.number().int(),
  spillSensor: flag,
  invertWaterSignal: flag,
  timezone: z.string(),
  /** 'active' means online. */
  status: z.enum(['active', 'inactive']),
  nodeType: z.number().int().nullable(),
  lastSeenAt: z.iso.datetime().nullable(),
  latestData: z.object({ nodeData: reading.nullable() }),
  /** Spec monitoring 3: alarm type -> 'error' while an event of that type is open (out of range). */
  lastAlarms: z.record(z.string(), z.enum(['error', 'good'])),
  removedFromLocation: z.boolean(),
  deviceUsers: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })),
  account: z.object({ id: z.uuid(), companyName: z.string(), email: z.string() }),
  fvLastVersion: z.string().nullable(),
  fvNewVersion: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Device = z.infer<typeof device>;

export const deviceListQuery = pageQuery.extend({
  locationId: z.uuid({ error: messages.notFound }).optional(),
  /** `location=false`: only devices that are in no location (to add one to a location). */
  location: z.enum(['true', 'false']).optional(),
  search: z.string().trim().max(100).optional(),
});
export const deviceListReply = pagedList(device);
export const deviceReply = data(device);

export const deviceBody = z.object({
  deviceName: deviceNameField(),
  deviceId: deviceIdField(),
  gatewayId: z.uuid({ error: messages.notFound }).nullable().default(null),
  locationId: z.uuid({ error: messages.notFound }).nullable().default(null),
  equipmentType: z.enum(equipmentTypes, { error: messages.equipmentTypeInvalid }).default('N/A'),
  equipmentStatus: flag.default(1),
  offlineAlarmEnable: flag.default(1),
  offlineAlarmFrequency: z
    .union(
      deviceOfflineFrequencies.map((minutes) => z.literal(minutes)),
      { error: messages.offlineFrequencyInvalid },
    )
    .default(0),
  ttl: z
    .union(
      ttlOptions.map((minutes) => z.literal(minutes)),
      { error: messages.ttlInvalid },
    )
    .default(60),
  spillSensor: flag.default(0),
  invertWaterSignal: flag.default(0),
  timezone: timezoneField().default('Etc/UTC'),
});
export type DeviceBody = z.input<typeof deviceBody>;

/**
 * Edits send what changes (the dashboard sends only locationId, timezone, deviceId,
 * deviceName, gatewayId). A changed deviceId needs the unlock token of
 * `POST /api/auth/unlock`.
 */
export const deviceUpdateBody = z.object({
  deviceName: deviceNameField().optional(),
  deviceId: deviceIdField().optional(),
  gatewayId: z.uuid({ error: messages.notFound }).nullable().optional(),
  locationId: z.uuid({ error: messages.notFound }).nullable().optional(),
  equipmentType: z.enum(equipmentTypes, { error: messages.equipmentTypeInvalid }).optional(),
  equipmentStatus: flag.optional(),
  offlineAlarmEnable: flag.optional(),
  offlineAlarmFrequency: z
    .union(
      deviceOfflineFrequencies.map((minutes) => z.literal(minutes)),
      { error: messages.offlineFrequencyInvalid },
    )
    .optional(),
  ttl: z
    .union(
      ttlOptions.map((minutes) => z.literal(minutes)),
      { error: messages.ttlInvalid },
    )
    .optional(),
  spillSensor: flag.optional(),
  invertWaterSignal: flag.optional(),
  timezone: timezoneField().optional(),
  unlockToken: z.string().max(2000).optional(),
});
export type DeviceUpdateBody = z.input<typeof deviceUpdateBody>;

export const unlockBody = z.object({
  password: z.string({ error: messages.unlockMismatch }).min(1, { error: messages.unlockMismatch }),
});
export const unlockReply = data(z.object({ unlockToken: z.string(), expiresAt: z.iso.datetime() }));

export const deviceUserBody = z.object({
  userId: z.uuid({ error: messages.userRequired }),
  deviceId: z.uuid({ error: messages.deviceRequired }),
});

export const gateway = z.object({
  id: z.uuid(),
  gatewayId: z.string(),
  name: z.string(),
  loraFreq: z.string(),
  status: z.enum(['online', 'offline']),
  lastSeenAt: z.iso.datetime().nullable(),
  deviceCount: z.number().int(),
  account: z.object({ id: z.uuid(), companyName: z.string(), email: z.string() }),
  esp32LastVersion: z.string().nullable(),
  esp32NewVersion: z.string().nullable(),
  loraLastVersion: z.string().nullable(),
  loraNewVersion: z.string().nullable(),
  nextionLastVersion: z.string().nullable(),
  nextionNewVersion: z.string().nullable(),
  loraMainStatus: z.string().nullable(),
  mainOtaStatus: z.string().nullable(),
  nextionStatus: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Gateway = z.infer<typeof gateway>;
export const gatewayListQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });
export const gatewayListReply = pagedList(gateway);

export const gatewayBody = z.object({
  gatewayName: requiredText('gatewayNameRequired')
    .min(3, { error: messages.gatewayNameTooShort })
    .max(50, { error: messages.gatewayNameTooLong }),
  gatewayId: gatewayIdField(),
  loraFreq: z.string().trim().max(20).default(''),
});
/**
 * Edits send what changes; nothing is defaulted (a `.partial()` of `gatewayBody` would
 * reset an absent `loraFreq` to ''). A changed gatewayId needs the unlock token.
 */
export const gatewayUpdateBody = z.object({
  gatewayName: gatewayBody.shape.gatewayName.optional(),
  gatewayId: gatewayBody.shape.gatewayId.optional(),
  loraFreq: z.string().trim().max(20).optional(),
  unlockToken: z.string().max(2000).optional(),
});

/** How a gateway connects; the secret is shown once, on create and on rotation. */
export const gatewayCredentials = z.object({
  gateway,
  secret: z.string(),
  mqtt: z.object({ url: z.string(), username: z.string(), topicPrefix: z.string() }),
});
export const gatewayCredentialsReply = data(gatewayCredentials);
export const gatewayReply = data(gateway);

export const location = z.object({
  id: z.uuid(),
  name: z.string(),
  deviceCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Location = z.infer<typeof location>;
export const locationListQuery = z.object({
  page: z.coerce.number().int().min(0).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(1000),
});
export const locationListReply = pagedList(location);
export const locationBody = z.object({
  name: requiredText('locationRequired').max(50, { error: messages.locationTooLong }),
});
export const locationReply = data(location);

/**
 * The Status card (spec monitoring 3). Connected means it has reported at least once: a device
 * or gateway never heard from is counted apart (`neverReported`, `neverConnected`), not as
 * connected; active = online now, inactive = connected but offline.
 */
export const connectedStatus = z.object({
  deviceCount: z.number().int(),
  gatewayCount: z.number().int(),
  totalOfflineDevices: z.number().int(),
  totalOfflineGateway: z.number().int(),
  gateways: z.object({
    activeGateways: z.number().int(),
    inActiveGateways: z.number().int(),
    neverConnected: z.number().int(),
  }),
  devices: z.object({
    activeDevices: z.number().int(),
    inActiveDevices: z.number().int(),
    neverReported: z.number().int(),
  }),
});
export const connectedStatusReply = data(connectedStatus);

/** `GET /api/device/global` (super_admin): every account's devices, paged, searchable. */
export const deviceGlobalQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
});

/** The body of the CSV downloads (deviceList.csv, gatewayList.csv), served as text/csv. */
export const csvFile = z.unknown().meta({
  type: 'string',
  format: 'binary',
  description: 'text/csv (UTF-8 with a byte order mark), one header row',
});

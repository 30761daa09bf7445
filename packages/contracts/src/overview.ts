import { z } from 'zod';
import { data } from './common.js';
import { equipmentTypes } from './constants.js';
import { metricKeys, type MetricKey } from './history.js';
import { reading, type Reading } from './inventory.js';

/**
 * A device's state at a glance, as a colour and a word (never the colour alone): `alarm` an
 * excursion awaits acknowledgement; `acknowledged` out of range but signed off; `offline` not
 * reporting; `no_data` never reported; `ok` none of these.
 */
export const deviceAlarmStates = ['ok', 'alarm', 'acknowledged', 'offline', 'no_data'] as const;
export type DeviceAlarmState = (typeof deviceAlarmStates)[number];

/** An alarm event of the device still out of range. Temperatures in Celsius. */
export const openAlarm = z.object({
  eventId: z.uuid(),
  type: z.string(),
  acknowledged: z.boolean(),
  value: z.number().nullable(),
  peak: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  raisedAt: z.iso.datetime(),
});
export type OpenAlarm = z.infer<typeof openAlarm>;

/**
 * Precedence: an unacknowledged excursion first (it needs someone), then silence (offline or
 * never heard from), then an acknowledged excursion. An offline alarm event is shown as offline.
 */
export function deviceAlarmState(device: {
  status: 'active' | 'inactive';
  lastSeenAt: string | null;
  alarms: readonly Pick<OpenAlarm, 'type' | 'acknowledged'>[];
}): DeviceAlarmState {
  if (device.lastSeenAt === null) return 'no_data';
  const excursions = device.alarms.filter((alarm) => alarm.type !== 'offline');
  if (excursions.some((alarm) => !alarm.acknowledged)) return 'alarm';
  if (device.status !== 'active') return 'offline';
  return excursions.length > 0 ? 'acknowledged' : 'ok';
}

/** One device of the overview (and the Device status card). */
export const overviewDevice = z.object({
  id: z.uuid(),
  /** The hardware address. */
  deviceId: z.string(),
  name: z.string(),
  locationId: z.uuid().nullable(),
  location: z.string().nullable(),
  equipmentType: z.enum(equipmentTypes),
  nodeType: z.number().int().nullable(),
  status: z.enum(['active', 'inactive']),
  lastSeenAt: z.iso.datetime().nullable(),
  latest: reading.nullable(),
  state: z.enum(deviceAlarmStates),
  alarms: z.array(openAlarm),
});
export type OverviewDevice = z.infer<typeof overviewDevice>;
/** `GET /api/device/{id}/status`: one device's latest reading, online and alarm state. */
export const deviceStatus = overviewDevice;
export type DeviceStatus = OverviewDevice;
export const deviceStatusReply = data(deviceStatus);
/** `GET /api/device/overview`: every device the person may see, by location then name. */
export const deviceOverviewReply = data(z.object({ devices: z.array(overviewDevice) }));

export const sparklineQuery = z.object({
  hours: z.coerce
    .number({ error: 'hours must be a whole number from 1 to 24' })
    .int({ error: 'hours must be a whole number from 1 to 24' })
    .min(1, { error: 'hours must be a whole number from 1 to 24' })
    .max(24, { error: 'hours must be a whole number from 1 to 24' })
    .default(6),
});
/** Points of a sparkline: the mean of each slot, null where the device sent nothing (a gap). */
export const sparkline = z.object({
  id: z.uuid(),
  metric: z.enum(metricKeys),
  points: z.array(z.number().nullable()),
});
export type Sparkline = z.infer<typeof sparkline>;
/**
 * `GET /api/device/sparklines?hours=6`: one call for every device's sparkline (its
 * `primaryMetric`), `points` slots of `slotSeconds` each from `from`. Temperatures in Celsius.
 */
export const sparklinesReply = data(
  z.object({
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    slotSeconds: z.number().int(),
    series: z.array(sparkline),
  }),
);
/** Points per sparkline. */
export const sparklinePoints = 36;

type PrimaryReading = Pick<
  Reading,
  't' | 'thermo' | 'sht_t' | 'Node_Type' | 'ln2lvl' | 'h' | 'c' | 'pressure' | 'light_s'
> &
  Partial<Pick<Reading, 'w' | 'water_s' | 'd' | 'BV' | 'b'>>;

/**
 * The metric a device is watched by at a glance: its temperature (a Node_Type 1 node's probe,
 * `thermo`, when it has one), else the first it reports of LN2 level, humidity, CO2, pressure,
 * light, water, door and battery. Null without a reading.
 */
export function primaryMetric(latest: PrimaryReading | null): MetricKey | null {
  if (!latest) return null;
  const order: [MetricKey, number | null | undefined][] = [
    ['thermo', latest.Node_Type === 1 ? latest.thermo : null],
    ['t', latest.t],
    ['thermo', latest.thermo],
    ['sht_t', latest.sht_t],
    ['ln2lvl', latest.ln2lvl],
    ['h', latest.h],
    ['c', latest.c],
    ['pressure', latest.pressure],
    ['light_s', latest.light_s],
    ['water_s', latest.water_s],
    ['w', latest.w],
    ['d', latest.d],
    ['bv', latest.BV],
    ['b', latest.b],
  ];
  return order.find(([, value]) => value !== null && value !== undefined)?.[0] ?? null;
}

/** The reading field of a metric key (`bv` is `BV`, `co2_s` is `CO2_s`). */
export function readingValue(latest: Reading, metric: MetricKey): number | null {
  if (metric === 'bv') return latest.BV;
  if (metric === 'co2_s') return latest.CO2_s;
  return latest[metric];
}

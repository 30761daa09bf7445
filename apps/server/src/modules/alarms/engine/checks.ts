import type { AlarmType, LightSchedule, ReadingField } from '@vigil/contracts';
import { columnIndex, type SensorValues } from '../../../ingest/columns.js';
import { isTimeZone, wallClock } from '../../../lib/time-zone.js';

/** The fields of an `alarms` row the engine reads, plus its device's water-signal setting. */
export type AlarmDefinition = {
  id: string;
  accountId: string;
  deviceId: string;
  kind: 'threshold' | 'light';
  name: string;
  tempEnabled: boolean;
  minTemp: number | null;
  maxTemp: number | null;
  shtTEnabled: boolean;
  minShtT: number | null;
  maxShtT: number | null;
  humidityEnabled: boolean;
  minHumidity: number | null;
  maxHumidity: number | null;
  carbonEnabled: boolean;
  minCarbon: number | null;
  maxCarbon: number | null;
  pressureEnabled: boolean;
  minPressure: number | null;
  maxPressure: number | null;
  lntmpEnabled: boolean;
  minLntmp: number | null;
  maxLntmp: number | null;
  ln2LevelEnabled: boolean;
  minLn2Level: number | null;
  maxLn2Level: number | null;
  waterEnabled: boolean;
  batteryEnabled: boolean;
  minBattery: number | null;
  doorEnabled: boolean;
  doorOpenMinutes: number | null;
  /** Seconds out of range before raising. */
  delay: number;
  /** Minutes between notifications while it lasts. */
  frequency: number;
  oneTime: boolean;
  timezone: string;
  minLux: number | null;
  maxLux: number | null;
  lightSchedule: LightSchedule | null;
  /** The device's `invert_water_signal`: 0 (not 1) means water. */
  invertWaterSignal: boolean;
};

/**
 * One metric of one reading against one alarm. `value` null = no reading (-255, absent, or a
 * state the sensor calls unknown): never an excursion and never a recovery.
 */
export type Check = {
  type: Exclude<AlarmType, 'offline'>;
  value: number | null;
  min: number | null;
  max: number | null;
  outOfRange: boolean;
  /** How long (ms) it must stay out of range before it is raised. */
  delayMs: number;
};

/** A reader of one payload field, its column index looked up once: null = no reading. */
const reader = (name: ReadingField) => {
  const index = columnIndex[name];
  return (values: SensorValues): number | null => {
    const value = values[index];
    return value === undefined || value === null || value === -255 ? null : value;
  };
};
const f = {
  nodeType: reader('Node_Type'),
  t: reader('t'),
  thermo: reader('thermo'),
  shtT: reader('sht_t'),
  h: reader('h'),
  shtRh: reader('sht_rh'),
  c: reader('c'),
  pressure: reader('pressure'),
  ln2lvl: reader('ln2lvl'),
  bv: reader('BV'),
  b: reader('b'),
  m: reader('m'),
  w: reader('w'),
  waterS: reader('water_s'),
  d: reader('d'),
  light: reader('light_s'),
};

/** Outside [min, max]; exactly at a bound is in range; an unset bound is not checked. */
export const outside = (value: number, min: number | null, max: number | null): boolean =>
  (min !== null && value < min) || (max !== null && value > max);

/**
 * Which reading field feeds which metric (spec monitoring 3): Node_Type 1 reports its probe as
 * `thermo` (t is -255 then), the LN2 temperature is that probe too, the thermocouple is `sht_t`,
 * humidity `h` (else `sht_rh`), CO2 `c` (`CO2_s` only says the sensor exists), battery `BV`
 * (else `b` when m = 3, battery valid), water `w` (else `water_s`; 2 = unknown), door `d`
 * (1 open, 0 closed, 2 not applicable).
 */
export const metricValues = {
  temperature: (v: SensorValues) => (f.nodeType(v) === 1 ? (f.thermo(v) ?? f.t(v)) : f.t(v)),
  ln2Temperature: (v: SensorValues) => f.thermo(v) ?? f.t(v),
  thermocouple: f.shtT,
  humidity: (v: SensorValues) => f.h(v) ?? f.shtRh(v),
  co2: f.c,
  pressure: f.pressure,
  ln2Level: f.ln2lvl,
  battery: (v: SensorValues) => f.bv(v) ?? (f.m(v) === 3 ? f.b(v) : null),
  water: (v: SensorValues) => {
    const w = f.w(v) ?? f.waterS(v);
    return w === 0 || w === 1 ? w : null;
  },
  door: (v: SensorValues) => {
    const d = f.d(v);
    return d === 0 || d === 1 ? d : null;
  },
  light: f.light,
};

/**
 * One metric an alarm watches, prepared once per definition: the hot path measures a reading
 * with `measure` and `isOut` and allocates nothing else.
 */
export type CheckSpec = {
  type: Check['type'];
  min: number | null;
  max: number | null;
  delayMs: number;
  measure: (values: SensorValues) => number | null;
  isOut: (value: number, tsMs: number) => boolean;
  /** `isOut` is `outside(value, min, max)` whatever the time: a range check (evaluate.ts). */
  byValue?: true;
};

function rangeSpec(
  type: Check['type'],
  enabled: boolean,
  min: number | null,
  max: number | null,
  measure: CheckSpec['measure'],
  delayMs: number,
): CheckSpec[] {
  if (!enabled || (min === null && max === null)) return [];
  return [
    { type, min, max, delayMs, measure, isOut: (value) => outside(value, min, max), byValue: true },
  ];
}

const minuteOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * Whether a light profile watches `tsMs`: inside an enabled day's window, in the alarm's own
 * timezone, `from` inclusive and `to` exclusive. A window whose `to` is before its `from` runs
 * past midnight into the next day (it belongs to the day it starts on). A timezone the library
 * does not know is read as UTC.
 */
export function inLightWindow(schedule: LightSchedule, tsMs: number, timezone: string): boolean {
  const clock = wallClock(tsMs, isTimeZone(timezone) ? timezone : 'UTC');
  const day = clock.weekday - 1; // 0 = Monday, as the schedule numbers its days
  const minute = clock.hour * 60 + clock.minute;
  const yesterday = (day + 6) % 7;
  return schedule.days.some((entry) => {
    if (!entry.enabled) return false;
    return entry.windows.some((window) => {
      const from = minuteOf(window.from);
      const to = minuteOf(window.to);
      if (from < to) return entry.day === day && minute >= from && minute < to;
      if (from === to) return false;
      return (entry.day === day && minute >= from) || (entry.day === yesterday && minute < to);
    });
  });
}

function lightSpecs(alarm: AlarmDefinition): CheckSpec[] {
  const { lightSchedule: schedule, minLux, maxLux, timezone } = alarm;
  if (!schedule || (minLux === null && maxLux === null)) return [];
  return [
    {
      type: 'light',
      min: minLux,
      max: maxLux,
      delayMs: alarm.delay * 1000,
      measure: metricValues.light,
      // Outside its windows the profile asks nothing: the light is in range by definition.
      isOut: (value, tsMs) =>
        outside(value, minLux, maxLux) && inLightWindow(schedule, tsMs, timezone),
    },
  ];
}

/** The range checks of a threshold alarm, in the order the engine reports them. */
function rangeSpecs(a: AlarmDefinition, delayMs: number): CheckSpec[] {
  return [
    ...rangeSpec(
      'temperature',
      a.tempEnabled,
      a.minTemp,
      a.maxTemp,
      metricValues.temperature,
      delayMs,
    ),
    ...rangeSpec(
      'thermocouple',
      a.shtTEnabled,
      a.minShtT,
      a.maxShtT,
      metricValues.thermocouple,
      delayMs,
    ),
    ...rangeSpec(
      'humidity',
      a.humidityEnabled,
      a.minHumidity,
      a.maxHumidity,
      metricValues.humidity,
      delayMs,
    ),
    ...rangeSpec('co2', a.carbonEnabled, a.minCarbon, a.maxCarbon, metricValues.co2, delayMs),
    ...rangeSpec(
      'pressure',
      a.pressureEnabled,
      a.minPressure,
      a.maxPressure,
      metricValues.pressure,
      delayMs,
    ),
    ...rangeSpec(
      'ln2_temperature',
      a.lntmpEnabled,
      a.minLntmp,
      a.maxLntmp,
      metricValues.ln2Temperature,
      delayMs,
    ),
    ...rangeSpec(
      'ln2_level',
      a.ln2LevelEnabled,
      a.minLn2Level,
      a.maxLn2Level,
      metricValues.ln2Level,
      delayMs,
    ),
    ...rangeSpec('battery', a.batteryEnabled, a.minBattery, null, metricValues.battery, delayMs),
  ];
}

function thresholdSpecs(a: AlarmDefinition): CheckSpec[] {
  const delayMs = a.delay * 1000;
  const specs = rangeSpecs(a, delayMs);
  if (a.waterEnabled) {
    const spill = a.invertWaterSignal ? 0 : 1;
    specs.push({
      type: 'water',
      min: null,
      max: null,
      delayMs,
      measure: metricValues.water,
      isOut: (value) => value === spill,
    });
  }
  if (a.doorEnabled) {
    // The door's own allowance replaces the delay: open longer than doorOpenMinutes.
    specs.push({
      type: 'door',
      min: null,
      max: null,
      delayMs: (a.doorOpenMinutes ?? 0) * 60_000,
      measure: metricValues.door,
      isOut: (value) => value === 1,
    });
  }
  return specs;
}

const compiled = new WeakMap<AlarmDefinition, CheckSpec[]>();

/** The metrics `alarm` watches, prepared once per loaded definition. */
export function specsOf(alarm: AlarmDefinition): CheckSpec[] {
  let specs = compiled.get(alarm);
  if (!specs) {
    specs = alarm.kind === 'light' ? lightSpecs(alarm) : thresholdSpecs(alarm);
    compiled.set(alarm, specs);
  }
  return specs;
}

/** One spec measured on one reading. */
export function checkOf(spec: CheckSpec, values: SensorValues, tsMs: number): Check {
  const value = spec.measure(values);
  return {
    type: spec.type,
    value,
    min: spec.min,
    max: spec.max,
    outOfRange: value !== null && spec.isOut(value, tsMs),
    delayMs: spec.delayMs,
  };
}

/** Every metric `alarm` watches, measured on one reading. */
export function checksOf(alarm: AlarmDefinition, values: SensorValues, tsMs: number): Check[] {
  return specsOf(alarm).map((spec) => checkOf(spec, values, tsMs));
}

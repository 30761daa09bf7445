import { metricKeys, type MetricKey } from '@vigil/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { readings } from '../../db/schema/index.js';

/** The readings column of each chart metric (metric key = column name). */
export const metricColumns: Record<MetricKey, AnyPgColumn> = {
  t: readings.t,
  h: readings.h,
  c: readings.c,
  b: readings.b,
  d: readings.d,
  w: readings.w,
  thermo: readings.thermo,
  sht_t: readings.shtT,
  sht_rh: readings.shtRh,
  sht_1_t: readings.sht1T,
  sht_1_rh: readings.sht1Rh,
  co2_s: readings.co2S,
  bv: readings.bv,
  water_s: readings.waterS,
  ln2lvl: readings.ln2lvl,
  pressure: readings.pressure,
  light_s: readings.lightS,
};

/** What each metric measures and in which unit (spec monitoring 3); temperatures are stored in Celsius. */
export const metricInfo: Record<MetricKey, { label: string; unit: string; temperature: boolean }> =
  {
    t: { label: 'temperature', unit: '°C', temperature: true },
    h: { label: 'humidity', unit: '%', temperature: false },
    c: { label: 'CO2', unit: '%', temperature: false },
    b: { label: 'battery', unit: '%', temperature: false },
    d: { label: 'door (1 open)', unit: '', temperature: false },
    w: { label: 'water (1 present)', unit: '', temperature: false },
    thermo: { label: 'thermocouple', unit: '°C', temperature: true },
    sht_t: { label: 'SHT temperature', unit: '°C', temperature: true },
    sht_rh: { label: 'SHT humidity', unit: '%', temperature: false },
    sht_1_t: { label: 'SHT 2 temperature', unit: '°C', temperature: true },
    sht_1_rh: { label: 'SHT 2 humidity', unit: '%', temperature: false },
    co2_s: { label: 'CO2 sensor', unit: '%', temperature: false },
    bv: { label: 'battery', unit: '%', temperature: false },
    water_s: { label: 'spill sensor', unit: '', temperature: false },
    ln2lvl: { label: 'LN2 level', unit: '%', temperature: false },
    pressure: { label: 'pressure', unit: 'hPa', temperature: false },
    light_s: { label: 'light', unit: 'lux', temperature: false },
  };

export const isMetricKey = (key: string): key is MetricKey =>
  (metricKeys as readonly string[]).includes(key);

export type TemperatureUnit = 'C' | 'F';

/** A stored value in the unit a person reads: F = 1.8 x C + 32 for temperatures, else as stored. */
export function displayValue(metric: MetricKey, value: number, unit: TemperatureUnit): number {
  return unit === 'F' && metricInfo[metric].temperature ? 1.8 * value + 32 : value;
}

/** The unit a metric is shown in for an account (`°F` for temperatures in Fahrenheit accounts). */
export function displayUnit(metric: MetricKey, unit: TemperatureUnit): string {
  const info = metricInfo[metric];
  return info.temperature ? `°${unit}` : info.unit;
}

import { readingValue, type MetricKey, type Reading, type TemperatureUnit } from '@vigil/contracts';
import { i18n } from '../../../lib/i18n';
import { formatTemperature } from '../../../lib/temperature';

const temperatures = new Set<MetricKey>(['t', 'thermo', 'sht_t', 'sht_1_t']);
const units: Partial<Record<MetricKey, string>> = {
  h: '%',
  sht_rh: '%',
  sht_1_rh: '%',
  c: '%',
  co2_s: '%',
  ln2lvl: '%',
  bv: '%',
  b: '%',
  pressure: 'hPa',
  light_s: 'lux',
};

/** A metric's value as a tile shows it: with its unit, temperatures in the account's unit. */
export function formatMetric(metric: MetricKey, value: number, unit: TemperatureUnit): string {
  if (temperatures.has(metric)) return formatTemperature(value, unit, { digits: 1 });
  if (metric === 'w' || metric === 'water_s')
    return i18n.t(value === 1 ? 'alarmEvents.water.high' : 'alarmEvents.water.low');
  if (metric === 'd')
    return i18n.t(value === 1 ? 'alarmAttention.door.open' : 'alarmAttention.door.closed');
  const suffix = units[metric];
  const text = String(Number(value.toFixed(1)));
  return suffix ? `${text} ${suffix}` : text;
}

/** The reading's value of `metric` as text, or null. */
export function readingText(
  reading: Reading | undefined | null,
  metric: MetricKey | null,
  unit: TemperatureUnit,
): string | null {
  if (!reading || !metric) return null;
  const value = readingValue(reading, metric);
  return value === null ? null : formatMetric(metric, value, unit);
}

/** Sparkline points in the account's unit (only temperatures change). */
export const inUnit = (metric: MetricKey, value: number, unit: TemperatureUnit) =>
  temperatures.has(metric) && unit === 'F' ? 1.8 * value + 32 : value;

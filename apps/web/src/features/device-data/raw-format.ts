import { metricKeys, noReading, type MetricKey, type TemperatureUnit } from '@vigil/contracts';
import { dateTimeFormat } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { formatTemperature } from '../../lib/temperature';

type RawRow = Record<string, string | number | boolean | null>;

const temperatureKeys = new Set<string>(['t', 'thermo', 'sht_t', 'sht_1_t']);
const percentKeys = new Set<string>(['h', 'sht_rh', 'sht_1_rh', 'c', 'co2_s', 'b', 'bv', 'ln2lvl']);

/** The metric columns a page of rows has, in the readings table's order. */
export function rawColumnsOf(rows: readonly RawRow[]): MetricKey[] {
  return metricKeys.filter((key) => rows.some((row) => key in row));
}

/** A reading's time on the browser's clock, to the second (readings come every few seconds). */
export function formatReadingTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return i18n.t('common.notAvailable');
  return dateTimeFormat('dateTimeSeconds').format(date);
}

/**
 * One cell of the raw table (spec monitoring 5): temperatures in the account's unit with 2
 * decimals, %, hPa and lux with their units, door and water states as words; no reading is N/A.
 */
export function formatRawValue(key: MetricKey, value: unknown, unit: TemperatureUnit): string {
  const notAvailable = i18n.t('common.notAvailable');
  if (typeof value !== 'number' || value === noReading) return notAvailable;
  if (temperatureKeys.has(key)) return formatTemperature(value, unit, { digits: 2 });
  if (percentKeys.has(key)) return `${value.toFixed(1)} %`;
  if (key === 'pressure') return `${value.toFixed(1)} hPa`;
  if (key === 'light_s') return `${value.toFixed(1)} lux`;
  if (key === 'd') return stateText(value, 'open', 'closed');
  if (key === 'w' || key === 'water_s') return stateText(value, 'present', 'low');
  return String(value);
}

/** Door and water: 1 open / present, 0 closed / low (spec: water 0 shows Low), 2 unknown. */
function stateText(value: number, one: 'open' | 'present', zero: 'closed' | 'low'): string {
  if (value === 1) return i18n.t(`deviceData.states.${one}`);
  return value === 0 ? i18n.t(`deviceData.states.${zero}`) : i18n.t('common.notAvailable');
}

import type { MetricKey } from '@vigil/contracts';
import type { DeviceRef, MetricSummary, RawReading } from '../../modules/readings/history-repo.js';
import {
  displayUnit,
  displayValue,
  metricInfo,
  type TemperatureUnit,
} from '../../modules/readings/history-metrics.js';
import type { RawExportParams } from '../../modules/tasks/params.js';
import type { ChartSeries } from '../pdf-chart.js';

/** Everything a raw-data export file shows besides its rows. */
export type ExportDocument = {
  device: DeviceRef;
  params: RawExportParams;
  unit: TemperatureUnit;
  summary: { total: number; metrics: MetricSummary[] };
  generatedAt: Date;
  /** The PDF's charts, one per measured metric (a CSV has none). */
  charts?: ChartSeries[];
};

/** Pages of readings, oldest first, streamed from the database. */
export type ReadingPages = AsyncIterable<RawReading[]>;

export const exportMetrics = (document: ExportDocument): MetricKey[] =>
  document.summary.metrics.map((summary) => summary.metric);

/** Export titles: what each metric measures, as a lab reads it. */
const titles: Record<MetricKey, string> = {
  t: 'Temperature',
  h: 'Humidity',
  c: 'CO2',
  b: 'Battery',
  d: 'Door',
  w: 'Water',
  thermo: 'Probe temperature',
  sht_t: 'Thermocouple temperature',
  sht_rh: 'SHT humidity',
  sht_1_t: 'SHT 2 temperature',
  sht_1_rh: 'SHT 2 humidity',
  co2_s: 'CO2 sensor',
  bv: 'Battery voltage level',
  water_s: 'Spill sensor',
  ln2lvl: 'LN2 level',
  pressure: 'Pressure',
  light_s: 'Light',
};

/**
 * A column title with its unit in the account's unit system, e.g. `Temperature (°F)`,
 * `Humidity (%)`; states (door, water) are words, so they have no unit.
 */
export function columnTitle(metric: MetricKey, unit: TemperatureUnit): string {
  const shown = displayUnit(metric, unit);
  return shown ? `${titles[metric]} (${shown})` : titles[metric];
}

/** Door and water states as words (spec monitoring 3: door 1 open; water 0 shows Low). */
const states: Partial<Record<MetricKey, Record<number, string>>> = {
  d: { 0: 'Closed', 1: 'Open' },
  w: { 0: 'Low', 1: 'Present' },
  water_s: { 0: 'Low', 1: 'Present' },
};

/** Door and water are states, not curves: they get no chart. */
export const chartable = (metric: MetricKey): boolean => states[metric] === undefined;

/** One cell of an export: a number in the account's unit, a state as its word, '' for none. */
export function cellText(metric: MetricKey, value: number | null, unit: TemperatureUnit): string {
  if (value === null) return '';
  const words = states[metric];
  if (words) return words[value] ?? '';
  return String(shownValue(metric, value, unit));
}

export const metricLabel = (metric: MetricKey) => metricInfo[metric].label;

/**
 * A value as a person reads it: in the account's temperature unit, to 0.001 at most
 * (a stored float4 has about 7 significant digits, Fahrenheit arithmetic adds noise).
 */
export function shownValue(metric: MetricKey, value: number, unit: TemperatureUnit): number {
  return Math.round(displayValue(metric, value, unit) * 1000) / 1000;
}

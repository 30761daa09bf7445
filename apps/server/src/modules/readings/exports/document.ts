import type { Language, MetricKey } from '@vigil/contracts';
import type { DeviceRef, MetricSummary, RawReading } from '../history-repo.js';
import { displayUnit, displayValue, type TemperatureUnit } from '../history-metrics.js';
import type { RawExportParams } from './params.js';
import type { ChartSeries } from '../../../jobs/pdf-chart.js';
import { decimalText, exportTexts, type ExportTexts } from '../../../jobs/exports/texts/index.js';

/** Everything a raw-data export file shows besides its rows. */
export type ExportDocument = {
  device: DeviceRef;
  params: RawExportParams;
  unit: TemperatureUnit;
  /** The language of the person who asked for the file. */
  language: Language;
  summary: { total: number; metrics: MetricSummary[] };
  generatedAt: Date;
  /** The PDF's charts, one per measured metric (a CSV has none). */
  charts?: ChartSeries[];
};

/** Pages of readings, oldest first, streamed from the database. */
export type ReadingPages = AsyncIterable<RawReading[]>;

export const exportMetrics = (document: ExportDocument): MetricKey[] =>
  document.summary.metrics.map((summary) => summary.metric);

/**
 * A column title in the file's language with its unit in the account's unit system, e.g.
 * `Temperature (°F)`, `Wilgotność (%)`; states (door, water) are words, so they have no unit.
 */
export function columnTitle(metric: MetricKey, unit: TemperatureUnit, language: Language): string {
  const title = exportTexts[language].raw.metrics[metric];
  const shown = displayUnit(metric, unit);
  return shown ? `${title} (${shown})` : title;
}

type StateWord = keyof ExportTexts['raw']['states'];

/** Door and water states (spec monitoring 3: door 1 open; water 0 shows Low). */
const states: Partial<Record<MetricKey, Record<number, StateWord>>> = {
  d: { 0: 'closed', 1: 'open' },
  w: { 0: 'low', 1: 'present' },
  water_s: { 0: 'low', 1: 'present' },
};

/** Door and water are states, not curves: they get no chart. */
export const chartable = (metric: MetricKey): boolean => states[metric] === undefined;

/**
 * One cell of an export: a state as its word in the file's language, a number in the
 * account's unit ('.' in a CSV, the language's decimal mark in a PDF), '' for none.
 */
export function cellText(
  metric: MetricKey,
  value: number | null,
  unit: TemperatureUnit,
  language: Language,
  format: 'csv' | 'pdf',
): string {
  if (value === null) return '';
  const words = states[metric];
  if (words) {
    const word = words[value];
    return word === undefined ? '' : exportTexts[language].raw.states[word];
  }
  const shown = shownValue(metric, value, unit);
  return format === 'csv' ? String(shown) : decimalText(shown, language);
}

/**
 * A value as a person reads it: in the account's temperature unit, to 0.001 at most
 * (a stored float4 has about 7 significant digits, Fahrenheit arithmetic adds noise).
 */
export function shownValue(metric: MetricKey, value: number, unit: TemperatureUnit): number {
  return Math.round(displayValue(metric, value, unit) * 1000) / 1000;
}

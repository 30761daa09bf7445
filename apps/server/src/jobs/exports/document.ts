import type { MetricKey } from '@vigil/contracts';
import type { DeviceRef, MetricSummary, RawReading } from '../../modules/readings/history-repo.js';
import {
  displayUnit,
  displayValue,
  metricInfo,
  type TemperatureUnit,
} from '../../modules/readings/history-metrics.js';
import type { RawExportParams } from '../../modules/tasks/params.js';

/** Everything a raw-data export file shows besides its rows. */
export type ExportDocument = {
  device: DeviceRef;
  params: RawExportParams;
  unit: TemperatureUnit;
  summary: { total: number; metrics: MetricSummary[] };
  generatedAt: Date;
};

/** Pages of readings, oldest first, streamed from the database. */
export type ReadingPages = AsyncIterable<RawReading[]>;

export const exportMetrics = (document: ExportDocument): MetricKey[] =>
  document.summary.metrics.map((summary) => summary.metric);

/** A column title with its unit, e.g. `t (°F)`; unitless metrics keep their bare key. */
export function columnTitle(metric: MetricKey, unit: TemperatureUnit): string {
  const shown = displayUnit(metric, unit);
  return shown ? `${metric} (${shown})` : metric;
}

export const metricLabel = (metric: MetricKey) => metricInfo[metric].label;

/**
 * A value as a person reads it: in the account's temperature unit, to 0.001 at most
 * (a stored float4 has about 7 significant digits, Fahrenheit arithmetic adds noise).
 */
export function shownValue(metric: MetricKey, value: number, unit: TemperatureUnit): number {
  return Math.round(displayValue(metric, value, unit) * 1000) / 1000;
}

import type { MetricKey } from '@vigil/contracts';
import type { Db } from '../../../db/client.js';
import { rollupMeans } from '../chart-repo.js';
import {
  chartBucketMs,
  type ChartPoint,
  type ChartSeries,
  type Gap,
} from '../../../jobs/pdf-chart.js';
import { chartable, columnTitle, shownValue, type ExportDocument } from './document.js';
import { chartThresholds, type AlarmBounds } from './thresholds.js';

/**
 * A device's threshold alarms (of its own account) and its node type, for the dashed lines:
 * the alarms domain's `deviceThresholdAlarms`, handed in by the composition root (schedules.ts)
 * so that readings does not import alarms, which imports readings.
 */
export type ThresholdAlarms = (
  db: Db,
  device: { id: string; accountId: string },
) => Promise<{ nodeType: number | null; definitions: readonly AlarmBounds[] }>;

/**
 * Breaks where buckets are missing: more than two bucket widths without a rollup is a gap
 * (the device was silent), shaded and not bridged by the line.
 */
export function missingBuckets(points: readonly ChartPoint[], bucketMs: number): Gap[] {
  const gaps: Gap[] = [];
  points.forEach((point, index) => {
    const previous = points[index - 1];
    if (previous && point.at - previous.at > 2 * bucketMs)
      gaps.push({ start: previous.at + bucketMs, end: point.at });
  });
  return gaps;
}

/**
 * The device-data PDF's charts, as the reports draw theirs: per measured metric, the rollup
 * means of the export's range (per minute up to two days, else hourly) in the account's unit,
 * with the bounds of the device's enabled alarms as dashed lines.
 */
export async function exportCharts(
  db: Db,
  document: Omit<ExportDocument, 'charts'>,
  thresholdAlarms: ThresholdAlarms,
): Promise<ChartSeries[]> {
  const period = { start: Date.parse(document.params.from), end: Date.parse(document.params.to) };
  const bucketMs = chartBucketMs(period);
  const metrics = document.summary.metrics
    .map((summary) => summary.metric)
    .filter((metric: MetricKey) => chartable(metric));
  const means = await rollupMeans(db, document.device.id, metrics, period, bucketMs);
  const { nodeType, definitions } = await thresholdAlarms(db, document.device);
  const thresholds = chartThresholds(definitions, metrics, { nodeType, unit: document.unit });
  return metrics.map((metric) => {
    const points = (means.get(metric) ?? []).map((point) => ({
      at: point.at,
      value: shownValue(metric, point.value, document.unit),
    }));
    return {
      title: columnTitle(metric, document.unit, document.language),
      points,
      gaps: missingBuckets(points, bucketMs),
      thresholds: thresholds.get(metric) ?? [],
      bucketMs,
    };
  });
}

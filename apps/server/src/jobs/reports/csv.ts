import { stringify } from 'csv-stringify/sync';
import { formatLocal } from '../../modules/readings/history-time.js';
import type { ReportContent } from './content.js';

const round = (value: number | null, digits = 2) =>
  value === null ? '' : (Math.round(value * 10 ** digits) / 10 ** digits).toFixed(digits);
const minutes = (ms: number) => (ms / 60_000).toFixed(1);

export const csvColumns = [
  'period start',
  'period end',
  'device',
  'metric',
  'unit',
  'readings',
  'min',
  'max',
  'mean',
  'MKT',
  'alarm low',
  'alarm high',
  'minutes out of range',
  'data gaps',
  'minutes in gaps',
  'door openings',
  'minutes open',
  'longest open (minutes)',
] as const;

/** One tidy table: a row per device and metric, times on the report's clock. */
export function reportCsv(
  content: ReportContent,
  period: { start: number; end: number },
  timezone: string,
): string {
  const start = formatLocal(period.start, timezone);
  const end = formatLocal(period.end, timezone);
  return stringify([
    [...csvColumns],
    ...content.rows.map((row) => [
      start,
      end,
      row.deviceName,
      row.label,
      row.unit,
      String(row.count),
      round(row.min),
      round(row.max),
      round(row.mean),
      round(row.mkt),
      round(row.low),
      round(row.high),
      minutes(row.outOfRangeMs),
      String(row.gapCount),
      minutes(row.gapMs),
      row.door ? String(row.door.count) : '',
      row.door ? minutes(row.door.totalOpenMs) : '',
      row.door ? minutes(row.door.longestOpenMs) : '',
    ]),
  ]);
}

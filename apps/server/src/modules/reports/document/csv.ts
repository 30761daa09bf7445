import type { Language } from '@vigil/contracts';
import { csvText } from '../../../lib/csv.js';
import { formatLocal } from '../../../lib/time-zone.js';
import type { ReportContent } from './model.js';
import { reportTexts } from './texts.js';

const round = (value: number | null, digits = 2) =>
  value === null ? '' : (Math.round(value * 10 ** digits) / 10 ** digits).toFixed(digits);
const minutes = (ms: number) => (ms / 60_000).toFixed(1);

/**
 * One tidy table in the recipient's language: a `statistics` row per device and metric (door
 * and spill rows fill the opening columns), the insight report's sentences (`insight` rows, in
 * the comment column), then an `alarm event` row per alarm event with its acknowledgement. Times are on the report's clock; numbers keep a decimal point.
 */
export function reportCsv(
  content: ReportContent,
  period: { start: number; end: number },
  timezone: string,
  language: Language,
): string {
  const texts = reportTexts[language];
  const start = formatLocal(period.start, timezone);
  const end = formatLocal(period.end, timezone);
  const local = (at: number | null) => (at === null ? '' : formatLocal(at, timezone));
  const blankStatistics = Array<string>(13).fill('');
  return csvText(texts.csvColumns, [
    ...content.rows.map((row) => [
      texts.records.statistics,
      start,
      end,
      row.deviceName,
      texts.metrics[row.metric] ?? row.metric,
      row.unit,
      row.door ? '' : String(row.count),
      round(row.min),
      round(row.max),
      round(row.mean),
      round(row.mkt),
      round(row.low),
      round(row.high),
      row.door ? '' : minutes(row.outOfRangeMs),
      row.door ? '' : String(row.gapCount),
      row.door ? '' : minutes(row.gapMs),
      row.door ? String(row.door.count) : '',
      row.door ? minutes(row.door.totalOpenMs) : '',
      row.door ? minutes(row.door.longestOpenMs) : '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]),
    ...content.insights.map((insight) => [
      texts.records.insight,
      start,
      end,
      'device' in insight ? insight.device : '',
      'metric' in insight ? (texts.metrics[insight.metric] ?? insight.metric) : '',
      ...Array<string>(19).fill(''),
      texts.insight(
        insight,
        (value, digits) => value.toFixed(digits),
        'metric' in insight ? (texts.metrics[insight.metric] ?? insight.metric) : '',
      ),
    ]),
    ...content.events.map((event) => [
      texts.records.event,
      start,
      end,
      event.deviceName,
      texts.alarmTypes[event.type] ?? event.type,
      event.unit,
      ...blankStatistics,
      local(event.raisedAt),
      round(event.value),
      local(event.clearedAt),
      local(event.acknowledgedAt),
      event.acknowledgedBy ?? '',
      event.comment ?? '',
    ]),
  ]);
}

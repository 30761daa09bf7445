import type { Language } from '@vigil/contracts';
import { csvText } from '../../../lib/csv.js';
import { formatLocal } from '../../../lib/time-zone.js';
import type { ReportContent } from './model.js';
import { reportTexts, type ReportTexts } from './texts.js';

const round = (value: number | null, digits = 2) =>
  value === null ? '' : (Math.round(value * 10 ** digits) / 10 ** digits).toFixed(digits);
const minutes = (ms: number) => (ms / 60_000).toFixed(1);

/** What every record of one report's CSV is written with. */
type Records = {
  texts: ReportTexts;
  start: string;
  end: string;
  local: (at: number | null) => string;
};

const blankStatistics = Array<string>(13).fill('');

function statisticsRecord(
  { texts, start, end }: Records,
  row: ReportContent['rows'][number],
): string[] {
  return [
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
  ];
}

function insightRecord(
  { texts, start, end }: Records,
  insight: ReportContent['insights'][number],
): string[] {
  return [
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
  ];
}

function eventRecord(
  { texts, start, end, local }: Records,
  event: ReportContent['events'][number],
): string[] {
  return [
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
  ];
}

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
  const records: Records = {
    texts,
    start: formatLocal(period.start, timezone),
    end: formatLocal(period.end, timezone),
    local: (at) => (at === null ? '' : formatLocal(at, timezone)),
  };
  return csvText(texts.csvColumns, [
    ...content.rows.map((row) => statisticsRecord(records, row)),
    ...content.insights.map((insight) => insightRecord(records, insight)),
    ...content.events.map((event) => eventRecord(records, event)),
  ]);
}

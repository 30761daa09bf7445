import { writeCsvFile } from '../../lib/csv.js';
import type { ReportCommentRow, ReportEventRow } from '../../modules/alarms/events-repo.js';
import type { AlarmReportParams } from '../../modules/alarms/download-params.js';
import type { TemperatureUnit } from '../../modules/readings/history-metrics.js';
import { formatLocal } from '../../modules/readings/history-time.js';

/** Everything an alarm report file shows. */
export type AlarmReport = {
  companyName: string;
  unit: TemperatureUnit;
  params: AlarmReportParams;
  generatedAt: Date;
  events: ReportEventRow[];
  comments: ReportCommentRow[];
};

/** Alarm event types whose values are temperatures (stored in Celsius). */
const temperatureTypes = new Set(['temperature', 'thermocouple', 'ln2_temperature']);
const typeUnits: Record<string, string> = {
  humidity: '%',
  co2: '%',
  carbon: '%',
  pressure: 'hPa',
  ln2_level: '%',
  battery: '%',
  light: 'lux',
};

/** The spec's missing reading (monitoring 9): shown N/A. */
const missing = -255;

export function unitOf(type: string, unit: TemperatureUnit): string {
  return temperatureTypes.has(type) ? `°${unit}` : (typeUnits[type] ?? '');
}

/** A value as a person reads it: the account's unit, N/A for none, 'Low' for a dry spill sensor. */
export function shownAlarmValue(type: string, value: number | null, unit: TemperatureUnit): string {
  if (value === null || value === missing) return 'N/A';
  if (type === 'water') return value === 0 ? 'Low' : 'High';
  const shown = unit === 'F' && temperatureTypes.has(type) ? 1.8 * value + 32 : value;
  return String(Math.round(shown * 100) / 100);
}

export const reportColumns = [
  'raised',
  'alarm',
  'device',
  'device ID',
  'location',
  'type',
  'value',
  'min',
  'max',
  'unit',
  'state',
  'cleared',
  'acknowledged',
  'acknowledged by',
  'comments',
] as const;

function stateOf(event: ReportEventRow): string {
  if (event.acknowledgedAt !== null) return 'acknowledged';
  return event.clearedAt === null ? 'active' : 'recovered';
}

export function commentLine(comment: ReportCommentRow, timezone: string): string {
  const kind = comment.isAcknowledgement ? ' (acknowledgement)' : '';
  const when = formatLocal(comment.createdAt.getTime(), timezone);
  return `${comment.author ?? 'deleted user'}, ${when}${kind}: ${comment.comment}`;
}

/** The comments of each event, in order. */
export function commentsByEvent(report: AlarmReport): Map<string, ReportCommentRow[]> {
  const byEvent = new Map<string, ReportCommentRow[]>();
  for (const comment of report.comments) {
    const list = byEvent.get(comment.alarmEventId) ?? [];
    list.push(comment);
    byEvent.set(comment.alarmEventId, list);
  }
  return byEvent;
}

/** One event as the cells of `reportColumns`, comments left out (callers add them their way). */
export function eventCells(event: ReportEventRow, report: AlarmReport): string[] {
  const { timezone } = report.params;
  const local = (date: Date | null) => (date === null ? '' : formatLocal(date.getTime(), timezone));
  const value = (figure: number | null) => shownAlarmValue(event.type, figure, report.unit);
  return [
    local(event.raisedAt),
    event.alarmName,
    event.deviceName,
    event.hardwareId.toUpperCase(),
    event.location ?? 'N/A',
    event.type,
    value(event.value),
    value(event.min),
    value(event.max),
    unitOf(event.type, report.unit),
    stateOf(event),
    local(event.clearedAt),
    local(event.acknowledgedAt),
    event.acknowledgedBy ?? '',
  ];
}

/** A row per alarm event (times on the report's clock), its comments joined in the last cell. */
export async function writeAlarmCsv(path: string, report: AlarmReport): Promise<void> {
  const comments = commentsByEvent(report);
  const { timezone } = report.params;
  const columns = reportColumns.map((title) =>
    title === 'raised' ? `raised (${timezone})` : title,
  );
  const records = report.events.map((event) => [
    ...eventCells(event, report),
    (comments.get(event.id) ?? []).map((comment) => commentLine(comment, timezone)).join(' | '),
  ]);
  await writeCsvFile(path, columns, records);
}

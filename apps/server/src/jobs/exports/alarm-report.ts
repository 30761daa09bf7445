import {
  alarmUnit,
  isTemperatureAlarm,
  noReading,
  signatureMeaningTexts,
  type AlarmEventState,
  type SignatureMeaning,
} from '@vigil/contracts';
import { writeCsvFile } from '../../lib/csv.js';
import type { ReportCommentRow, ReportEventRow } from '../../modules/alarms/events-repo.js';
import type { AlarmReportParams } from '../../modules/alarms/download-params.js';
import { eventState } from '../../modules/alarms/service.js';
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

/** A value as a person reads it: the account's unit, N/A for none, 'Low' for a dry spill sensor. */
export function shownAlarmValue(type: string, value: number | null, unit: TemperatureUnit): string {
  if (value === null || value === noReading) return 'N/A';
  if (type === 'water') return value === 0 ? 'Low' : 'High';
  const shown = unit === 'F' && isTemperatureAlarm(type) ? 1.8 * value + 32 : value;
  return String(Math.round(shown * 100) / 100);
}

export const reportColumns = [
  'started',
  'ended',
  'duration',
  'alarm',
  'device',
  'device ID',
  'location',
  'type',
  'value',
  'peak',
  'min',
  'max',
  'unit',
  'state',
  'acknowledged',
  'acknowledged by',
  'signature meaning',
  'comments',
] as const;

const stateTexts: Record<AlarmEventState, string> = {
  active: 'active',
  acknowledged: 'acknowledged',
  recovered: 'recovered',
  recovered_unacknowledged: 'recovered unacknowledged',
};

/** The English wording of a stored signature meaning (an unknown one as stored). */
const meaningText = (meaning: string) =>
  Object.hasOwn(signatureMeaningTexts, meaning)
    ? signatureMeaningTexts[meaning as SignatureMeaning]
    : meaning;

/** A duration as people read it: 2 d 3 h, 1 h 5 min, 12 min, 40 s. */
export function durationText(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
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
  const end = event.clearedAt ?? report.generatedAt;
  const seconds = Math.max(0, Math.round((end.getTime() - event.startedAt.getTime()) / 1000));
  const meaning = event.acknowledgedMeaning;
  return [
    local(event.startedAt),
    local(event.clearedAt),
    `${durationText(seconds)}${event.clearedAt === null ? ' (ongoing)' : ''}`,
    event.alarmName,
    event.deviceName,
    event.hardwareId.toUpperCase(),
    event.location ?? 'N/A',
    event.type,
    value(event.value),
    value(event.peak),
    value(event.min),
    value(event.max),
    alarmUnit(event.type, report.unit),
    stateTexts[eventState(event)],
    local(event.acknowledgedAt),
    event.acknowledgedAt === null ? '' : (event.acknowledgedBy ?? 'deleted user'),
    meaning === null ? '' : meaningText(meaning),
  ];
}

/** A row per alarm event (times on the report's clock), its comments joined in the last cell. */
export async function writeAlarmCsv(path: string, report: AlarmReport): Promise<void> {
  const comments = commentsByEvent(report);
  const { timezone } = report.params;
  const columns = reportColumns.map((title) =>
    title === 'started' || title === 'ended' ? `${title} (${timezone})` : title,
  );
  const records = report.events.map((event) => [
    ...eventCells(event, report),
    (comments.get(event.id) ?? []).map((comment) => commentLine(comment, timezone)).join(' | '),
  ]);
  await writeCsvFile(path, columns, records);
}

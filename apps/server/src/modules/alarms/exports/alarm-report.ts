import { alarmUnit, isTemperatureAlarm, noReading, type Language } from '@vigil/contracts';
import { writeCsvFile } from '../../../lib/csv.js';
import type { ReportCommentRow, ReportEventRow } from '../events/events-repo.js';
import type { AlarmReportParams } from './download-params.js';
import { eventState } from '../events/state.js';
import type { TemperatureUnit } from '../../readings/index.js';
import { formatLocal } from '../../../lib/time-zone.js';
import {
  decimalText,
  exportTexts,
  localDateTime,
  wordOf,
} from '../../../jobs/exports/texts/index.js';
import { alarmColumnKeys } from '../../../jobs/exports/texts/types.js';

/** Everything an alarm report file shows. */
export type AlarmReport = {
  companyName: string;
  unit: TemperatureUnit;
  /** The language of the person who asked for the file. */
  language: Language;
  params: AlarmReportParams;
  generatedAt: Date;
  events: ReportEventRow[];
  comments: ReportCommentRow[];
};

/** A CSV keeps a point and `YYYY-MM-DD HH:mm:ss`; a PDF the language's mark and the web's dates. */
export type AlarmFormat = 'csv' | 'pdf';

/**
 * A value as a person reads it: the account's unit, N/A for none, Low/High for a spill sensor,
 * in the file's language.
 */
export function shownAlarmValue(
  type: string,
  value: number | null,
  report: Pick<AlarmReport, 'unit' | 'language'>,
  format: AlarmFormat,
): string {
  const texts = exportTexts[report.language];
  if (value === null || value === noReading) return texts.common.notAvailable;
  if (type === 'water') return value === 0 ? texts.alarms.water.low : texts.alarms.water.high;
  const shown = report.unit === 'F' && isTemperatureAlarm(type) ? 1.8 * value + 32 : value;
  const rounded = Math.round(shown * 100) / 100;
  return format === 'csv' ? String(rounded) : decimalText(rounded, report.language);
}

/** The column titles of an alarm file; the CSV names the clock of its times. */
export function reportColumns(language: Language, timezone: string | null): string[] {
  const { columns } = exportTexts[language].alarms;
  return alarmColumnKeys.map((key) =>
    timezone !== null && (key === 'started' || key === 'ended')
      ? `${columns[key]} (${timezone})`
      : columns[key],
  );
}

/** A duration as people read it: 2 d 3 h, 1 h 5 min, 12 min, 40 s (the web's words). */
export function durationText(seconds: number, language: Language): string {
  const words = exportTexts[language].alarms.duration;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${words.days(days)} ${words.hours(hours)}`;
  if (hours > 0) return `${words.hours(hours)} ${words.minutes(minutes)}`;
  if (minutes > 0) return words.minutes(minutes);
  return words.seconds(seconds);
}

/** An instant on the report's clock: as the CSV keeps it, or as the web's alarm tables write it. */
function localText(report: AlarmReport, date: Date | null, format: AlarmFormat): string {
  if (date === null) return '';
  const { timezone } = report.params;
  return format === 'csv'
    ? formatLocal(date.getTime(), timezone)
    : localDateTime(date.getTime(), timezone, report.language, 'minute');
}

export function commentLine(
  comment: ReportCommentRow,
  report: AlarmReport,
  format: AlarmFormat,
): string {
  const texts = exportTexts[report.language];
  const kind = comment.isAcknowledgement ? ` (${texts.alarms.acknowledgement})` : '';
  const when = localText(report, comment.createdAt, format);
  return `${comment.author ?? texts.common.deletedUser}, ${when}${kind}: ${comment.comment}`;
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
export function eventCells(
  event: ReportEventRow,
  report: AlarmReport,
  format: AlarmFormat,
): string[] {
  const { common, alarms } = exportTexts[report.language];
  const local = (date: Date | null) => localText(report, date, format);
  const value = (figure: number | null) => shownAlarmValue(event.type, figure, report, format);
  const end = event.clearedAt ?? report.generatedAt;
  const seconds = Math.max(0, Math.round((end.getTime() - event.startedAt.getTime()) / 1000));
  const meaning = event.acknowledgedMeaning;
  const ongoing = event.clearedAt === null ? ` (${alarms.ongoing})` : '';
  return [
    local(event.startedAt),
    local(event.clearedAt),
    `${durationText(seconds, report.language)}${ongoing}`,
    event.alarmName,
    event.deviceName,
    event.hardwareId.toUpperCase(),
    event.location ?? common.notAvailable,
    wordOf(alarms.types, event.type),
    value(event.value),
    value(event.peak),
    value(event.min),
    value(event.max),
    alarmUnit(event.type, report.unit),
    alarms.states[eventState(event)],
    local(event.acknowledgedAt),
    event.acknowledgedAt === null ? '' : (event.acknowledgedBy ?? common.deletedUser),
    // An unknown meaning (stored by a newer server) as stored.
    meaning === null ? '' : wordOf(alarms.meanings, meaning),
  ];
}

/**
 * A row per alarm event (times on the report's clock), its comments joined in the last cell;
 * titles and words in the language of the person who asked.
 */
export async function writeAlarmCsv(path: string, report: AlarmReport): Promise<void> {
  const comments = commentsByEvent(report);
  const columns = reportColumns(report.language, report.params.timezone);
  const records = report.events.map((event) => [
    ...eventCells(event, report, 'csv'),
    (comments.get(event.id) ?? [])
      .map((comment) => commentLine(comment, report, 'csv'))
      .join(' | '),
  ]);
  await writeCsvFile(path, columns, records);
}

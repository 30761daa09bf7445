import { i18n } from './i18n';

/** Regional formats: British English (day first, 24-hour clock), Polish, Swiss-Liechtenstein German. */
const locales: Record<string, string> = { en: 'en-GB', pl: 'pl-PL', de: 'de-LI' };

/** The date and time styles the app shows. */
const styles = {
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
  /** To the second: readings and log lines come seconds apart. */
  dateTimeSeconds: { dateStyle: 'short', timeStyle: 'medium' },
  date: { dateStyle: 'short' },
  time: { timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The person's language's formatter for a style (and time zone, else the browser's). Made once
 * each: making one costs far more than using it, and a chart asks for hundreds of tick labels.
 */
export function dateTimeFormat(style: keyof typeof styles, timeZone?: string): Intl.DateTimeFormat {
  const locale = locales[i18n.language] ?? 'en-GB';
  const key = `${locale}|${style}|${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...styles[style], timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** A short, localised date and time (e.g. 24/11/2022, 14:05). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return i18n.t('common.notAvailable');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return i18n.t('common.notAvailable');
  return dateTimeFormat('dateTime').format(date);
}

/** A short, localised date (e.g. 24/11/2026), in `timeZone` when given. */
export function formatDate(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return i18n.t('common.notAvailable');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return i18n.t('common.notAvailable');
  return dateTimeFormat('date', timeZone).format(date);
}

/** Country code plus number, or N/A (spec platform 2, users page). */
export function formatPhone(countryCode: string, phoneNumber: string): string {
  return phoneNumber ? `${countryCode} ${phoneNumber}`.trim() : i18n.t('common.notAvailable');
}

/**
 * A chart's time tick in the person's language and clock (24-hour in en-GB, pl and de), like
 * the tables: the time of day when ticks are less than a day apart, with the date under the
 * first tick and where the day changes; the date alone for wider steps.
 */
export function formatTick(date: Date, stepSeconds: number, withDate: boolean): string {
  const dateText = dateTimeFormat('date').format(date);
  if (stepSeconds >= 86_400) return dateText;
  const time = dateTimeFormat('time').format(date);
  return withDate ? `${time}\n${dateText}` : time;
}

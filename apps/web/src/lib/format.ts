import { i18n } from './i18n';

/** Regional formats: British English (day first, 24-hour clock), Polish, Swiss-Liechtenstein German. */
const locales: Record<string, string> = { en: 'en-GB', pl: 'pl-PL', de: 'de-LI' };

/** A short, localised date and time (e.g. 24/11/2022, 14:05). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return i18n.t('common.notAvailable');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return i18n.t('common.notAvailable');
  return new Intl.DateTimeFormat(locales[i18n.language] ?? 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(date);
}

/** A short, localised date (e.g. 24/11/2026), in `timeZone` when given. */
export function formatDate(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return i18n.t('common.notAvailable');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return i18n.t('common.notAvailable');
  return new Intl.DateTimeFormat(locales[i18n.language] ?? 'en-GB', {
    dateStyle: 'short',
    timeZone,
  }).format(date);
}

/** Country code plus number, or N/A (spec platform 2, users page). */
export function formatPhone(countryCode: string, phoneNumber: string): string {
  return phoneNumber ? `${countryCode} ${phoneNumber}`.trim() : i18n.t('common.notAvailable');
}

const tickFormats = {
  time: { timeStyle: 'short' },
  date: { dateStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A chart's time tick in the person's language and clock (24-hour in en-GB, pl and de), like
 * the tables: the time of day when ticks are less than a day apart, with the date under the
 * first tick and where the day changes; the date alone for wider steps.
 */
export function formatTick(date: Date, stepSeconds: number, withDate: boolean): string {
  const locale = locales[i18n.language] ?? 'en-GB';
  const dateText = new Intl.DateTimeFormat(locale, tickFormats.date).format(date);
  if (stepSeconds >= 86_400) return dateText;
  const time = new Intl.DateTimeFormat(locale, tickFormats.time).format(date);
  return withDate ? `${time}\n${dateText}` : time;
}

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

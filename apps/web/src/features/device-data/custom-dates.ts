/** The chooseDate modal's rules (spec monitoring 5, "Custom dates"), as i18n keys per field. */
export type DateError = 'selectDate' | 'endBeforeStart' | 'noData';

export interface DateErrors {
  start?: DateError;
  end?: DateError;
}

/** A `datetime-local` value ('2026-11-24T10:15') read on the browser's clock; undefined if empty or bad. */
export function parseLocalDateTime(value: string): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A date as a `datetime-local` value on the browser's clock. */
export function toLocalDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Both dates are required; the end may not be before the start; a start in the future has no
 * data. Empty means the dates may be saved.
 */
export function validateCustomDates(start: string, end: string, now: Date): DateErrors {
  const from = parseLocalDateTime(start);
  const to = parseLocalDateTime(end);
  const errors: DateErrors = {};
  if (!from) errors.start = 'selectDate';
  else if (from.getTime() > now.getTime()) errors.start = 'noData';
  if (!to) errors.end = 'selectDate';
  else if (from && to.getTime() < from.getTime()) errors.end = 'endBeforeStart';
  return errors;
}

export const hasDateErrors = (errors: DateErrors): boolean =>
  errors.start !== undefined || errors.end !== undefined;

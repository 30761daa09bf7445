import dayjs from 'dayjs';

/** The chooseDate modal's rules (spec monitoring 5, "Custom dates"), as i18n keys per field. */
export type DateError = 'selectDate' | 'endBeforeStart' | 'noData';

export interface DateErrors {
  start?: DateError;
  end?: DateError;
}

/**
 * A local date-time (the picker's '2026-11-24 10:15:00', or '2026-11-24T10:15') read on the
 * browser's clock; undefined if empty or bad.
 */
export function parseLocalDateTime(value: string): Date | undefined {
  if (!value) return undefined;
  const date = dayjs(value);
  return date.isValid() ? date.toDate() : undefined;
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

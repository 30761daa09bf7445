/**
 * The words and formats of the files a person downloads, in the language they chose (their
 * user setting, recorded on the task when they asked). Like the report runs: numbers keep the
 * language's decimal mark in a PDF and a point in a CSV; CSV times stay `YYYY-MM-DD HH:mm:ss`,
 * which every spreadsheet reads the same way, while a PDF writes them as the web app does.
 */
import type { Language } from '@vigil/contracts';
import { documentTexts } from '../../document-texts.js';
import { de } from './de.js';
import { en } from './en.js';
import { pl } from './pl.js';
import type { ExportTexts } from './types.js';

export type { ExportTexts } from './types.js';

export const exportTexts: Record<Language, ExportTexts> = { en, pl, de };

/**
 * The words for a statistics row (the reports' CSV columns 5 to 10: metric, unit, readings,
 * min, max, mean), for the summary of a device-data PDF.
 */
export const summaryColumns = (language: Language): string[] => [
  ...documentTexts[language].statisticsColumns,
];

/** A stored code in a file's language; one without a word yet (a newer server's) as stored. */
export const wordOf = <Code extends string>(words: Record<Code, string>, code: string): string =>
  Object.hasOwn(words, code) ? words[code as Code] : code;

/** The web app's regional formats (lib/format.ts): British English, Polish, Liechtenstein German. */
const locales: Record<Language, string> = { en: 'en-GB', pl: 'pl-PL', de: 'de-LI' };

/** A number as a PDF shows it: the language's decimal mark, no grouping. */
export function decimalText(value: number, language: Language): string {
  const text = String(value);
  return language === 'en' ? text : text.replace('.', ',');
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant on the clock of `timezone`, written as the web app writes it in `language`:
 * short date and time (24-hour in all three), with seconds for readings (its raw table) and
 * without for alarm events and chart ticks (its alarm tables and chart axes).
 */
export function localDateTime(
  instant: number,
  timezone: string,
  language: Language,
  precision: 'second' | 'minute',
): string {
  const key = `${timezone}|${language}|${precision}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locales[language], {
      dateStyle: 'short',
      timeStyle: precision === 'second' ? 'medium' : 'short',
      timeZone: timezone,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(instant);
}

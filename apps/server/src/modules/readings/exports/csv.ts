import { writeCsvFile } from '../../../lib/csv.js';
import { formatLocal } from '../../../lib/time-zone.js';
import {
  cellText,
  columnTitle,
  exportMetrics,
  type ExportDocument,
  type ReadingPages,
} from './document.js';
import { exportTexts } from '../../../jobs/exports/texts/index.js';

/**
 * One tidy table: a row per reading with its UTC timestamp, its local time, every metric
 * the device has in the range under a title with its unit (temperatures in the account's
 * unit, the door as Open/Closed) and the backfilled flag. Titles and states are in the
 * language of the person who asked; numbers keep a point, times `YYYY-MM-DD HH:mm:ss` and the
 * flag true/false, so that any spreadsheet or script reads them the same way.
 * Rows stream from the database to the file page by page.
 */
export async function writeCsv(
  path: string,
  document: ExportDocument,
  pages: ReadingPages,
): Promise<void> {
  const { unit, language } = document;
  const { timezone } = document.params;
  const texts = exportTexts[language].raw;
  const metrics = exportMetrics(document);
  const columns = [
    texts.timestampUtc,
    texts.localTime(timezone),
    ...metrics.map((metric) => columnTitle(metric, unit, language)),
    texts.backfilled,
  ];
  async function* records() {
    for await (const page of pages) {
      for (const row of page) {
        yield [
          row.ts.toISOString(),
          formatLocal(row.ts.getTime(), timezone),
          // Numbers are plain numbers to the one CSV writer: never quoted as formulas.
          ...metrics.map((metric) => cellText(metric, row[metric], unit, language, 'csv')),
          row.backfilled ? 'true' : 'false',
        ];
      }
    }
  }
  await writeCsvFile(path, columns, records());
}

import { writeCsvFile } from '../../lib/csv.js';
import { formatLocal } from '../../modules/readings/history-time.js';
import {
  columnTitle,
  exportMetrics,
  shownValue,
  type ExportDocument,
  type ReadingPages,
} from './document.js';

/**
 * One tidy table: a row per reading with its UTC timestamp, its local time, every metric
 * the device has in the range (temperatures in the account's unit) and the backfilled flag.
 * Rows stream from the database to the file page by page.
 */
export async function writeCsv(
  path: string,
  document: ExportDocument,
  pages: ReadingPages,
): Promise<void> {
  const { unit } = document;
  const { timezone } = document.params;
  const metrics = exportMetrics(document);
  const columns = [
    'timestamp (UTC)',
    `local time (${timezone})`,
    ...metrics.map((metric) => columnTitle(metric, unit)),
    'backfilled',
  ];
  async function* records() {
    for await (const page of pages) {
      for (const row of page) {
        yield [
          row.ts.toISOString(),
          formatLocal(row.ts.getTime(), timezone),
          ...metrics.map((metric) => {
            const value = row[metric];
            return value === null ? '' : shownValue(metric, value, unit);
          }),
          row.backfilled ? 'true' : 'false',
        ];
      }
    }
  }
  await writeCsvFile(path, columns, records());
}

import { csvOfRecords, type CsvCell } from './csv.js';

/**
 * A list download (deviceList.csv, gatewayList.csv): a header row, then one row per record,
 * through the product's one CSV writer, with a byte order mark and CRLF for spreadsheets.
 */
export function toCsv<T>(
  columns: readonly { header: string; value: (record: T) => CsvCell }[],
  records: readonly T[],
): string {
  return csvOfRecords(columns, records, { bom: true, windows: true });
}

export const csvHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'private, no-store',
});

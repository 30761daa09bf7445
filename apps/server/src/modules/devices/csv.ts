import { stringify } from 'csv-stringify/sync';

/** Characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;

/** A cell a spreadsheet shows as text: a leading formula character gets a single quote. */
export function safeCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return formulaStart.test(text) ? `'${text}` : text;
}

/**
 * A CSV document: a header row, then one row per record, quoted where needed by
 * csv-stringify, with a byte order mark so that spreadsheets read names as UTF-8.
 */
export function toCsv<T>(
  columns: readonly { header: string; value: (record: T) => string | number | null }[],
  records: readonly T[],
): string {
  const rows = records.map((record) => columns.map((column) => safeCell(column.value(record))));
  return stringify(rows, {
    bom: true,
    header: true,
    columns: columns.map((column) => column.header),
    record_delimiter: 'windows',
  });
}

export const csvHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'private, no-store',
});

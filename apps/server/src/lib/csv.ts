import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/**
 * The one CSV writer of the product: every CSV file or download goes through it, so that no
 * name, comment or note a person typed can become a spreadsheet formula (OWASP CSV injection).
 */
export type CsvCell = string | number | boolean | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula. */
const formulaStart = /^[=+\-@\t\r]/;
/** A plain number ("-80.5", "+44", "1e-3") is read as a value, never as a formula. */
const plainNumber = /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** A cell a spreadsheet shows as typed: a leading formula character gets a single quote. */
export function safeCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (typeof value !== 'string' || plainNumber.test(text)) return text;
  return formulaStart.test(text) ? `'${text}` : text;
}

const safeRow = (row: readonly CsvCell[]) => row.map(safeCell);

export type CsvOptions = {
  /** A byte order mark, so that spreadsheets read names as UTF-8. */
  bom?: boolean;
  /** CRLF line ends (Excel's own). */
  windows?: boolean;
};

const stringifyOptions = (options: CsvOptions) => ({
  bom: options.bom ?? false,
  ...(options.windows ? { record_delimiter: 'windows' as const } : {}),
});

/** A whole CSV document in memory: the header row, then the rows. */
export function csvText(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  options: CsvOptions = {},
): string {
  return stringifySync([safeRow(header), ...rows.map(safeRow)], stringifyOptions(options));
}

/** A CSV document with a column per `{ header, value }`, a row per record. */
export function csvOfRecords<T>(
  columns: readonly { header: string; value: (record: T) => CsvCell }[],
  records: readonly T[],
  options: CsvOptions = {},
): string {
  return csvText(
    columns.map((column) => column.header),
    records.map((record) => columns.map((column) => column.value(record))),
    options,
  );
}

/** Streams rows (from the database, page by page) into a CSV file at `path`. */
export async function writeCsvFile(
  path: string,
  header: readonly string[],
  rows: Iterable<readonly CsvCell[]> | AsyncIterable<readonly CsvCell[]>,
): Promise<void> {
  async function* safeRows() {
    yield safeRow(header);
    for await (const row of rows) yield safeRow(row);
  }
  await pipeline(Readable.from(safeRows()), stringify(), createWriteStream(path));
}

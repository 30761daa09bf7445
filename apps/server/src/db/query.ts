import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AccountScope } from '../lib/scope.js';
import type { Executor } from './client.js';

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`; the shared
 * database type cannot say so, hence the one cast here.
 */
export async function queryRows<T>(db: Executor, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/**
 * Deletes the rows of `table` that `where` selects, `chunk` per statement, so that no
 * transaction holds millions of rows; returns how many went. Rows are matched by table and
 * ctid: in a partitioned table the same ctid names a row in each partition.
 */
export async function deleteInChunks(
  db: Executor,
  table: string,
  where: SQL,
  chunk = 20_000,
): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await queryRows<{ n: number | string }>(
      db,
      sql`with gone as (
          delete from ${sql.identifier(table)} where (tableoid, ctid) in (
            select tableoid, ctid from ${sql.identifier(table)} where ${where} limit ${chunk}
          ) returning 1
        ) select count(*) as n from gone`,
    );
    const deleted = Number(row?.n ?? 0);
    total += deleted;
    if (deleted < chunk) return total;
  }
}

/**
 * An array parameter as PostgreSQL's literal text, built in one pass: the driver would quote and
 * escape each element, which on the ingest path cost more than the database's own work. Only
 * for elements that need no quoting: finite numbers (NaN and Infinity are refused before they
 * get here), null, and ids the database itself issued (uuids).
 */
export function arrayLiteral(values: readonly (number | string | null)[]): string {
  let text = '{';
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (index > 0) text += ',';
    text += value === null || value === undefined ? 'NULL' : String(value);
  }
  return `${text}}`;
}

/** The rows of an account scope: `column = accountId`, or no condition for every account. */
export function accountCondition(column: AnyColumn, scope: AccountScope): SQL | undefined {
  return scope.kind === 'platform' ? undefined : eq(column, scope.accountId);
}

/** A LIKE pattern matching `search` anywhere, its wildcards taken literally. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An error's SQLSTATE (five digits or capitals), however deep the driver wrapped it. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`; the shared
 * database type cannot say so, hence the one cast here.
 */
export async function queryRows<T>(db: Executor, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountCondition, queryRows } from '../../db/query.js';
import type { AccountScope } from '../../lib/scope.js';
import { gatewayLogs } from '../../db/schema/index.js';

export type NewGatewayLog = typeof gatewayLogs.$inferInsert;

export async function insertLogs(db: Executor, lines: NewGatewayLog[]): Promise<void> {
  if (lines.length > 0) await db.insert(gatewayLogs).values(lines);
}

export type LogFilter = {
  /** Lower-case gateway id. */
  gatewayId?: string;
};

/** One page of log lines, newest first, and how many lines match. */
export async function listLogs(
  db: Executor,
  scope: AccountScope,
  filter: LogFilter,
  page: number,
  pageSize: number,
) {
  const where = and(
    accountCondition(gatewayLogs.accountId, scope),
    filter.gatewayId === undefined ? undefined : eq(gatewayLogs.gatewayId, filter.gatewayId),
  );
  const rows = await db
    .select({
      id: gatewayLogs.id,
      gatewayId: gatewayLogs.gatewayId,
      message: gatewayLogs.message,
      createdAt: gatewayLogs.createdAt,
    })
    .from(gatewayLogs)
    .where(where)
    .orderBy(desc(gatewayLogs.createdAt), desc(gatewayLogs.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ total: count() }).from(gatewayLogs).where(where);
  return { rows, total: total?.total ?? 0 };
}

/** Retention: deletes lines older than `before`, a chunk per statement; returns how many went. */
export async function deleteOlderThan(db: Executor, before: Date, chunk = 10_000): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from ${gatewayLogs} where ${gatewayLogs.id} in (
        select ${gatewayLogs.id} from ${gatewayLogs} where ${lt(gatewayLogs.createdAt, before)} limit ${chunk}
      ) returning ${gatewayLogs.id}`,
    );
    total += rows.length;
    if (rows.length < chunk) return total;
  }
}

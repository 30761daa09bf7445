import { and, count, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { AccountScope } from '../../lib/scope.js';
import { accountCondition, queryRows } from '../../db/query.js';
import { accounts, notifications, webhooks } from '../../db/schema/index.js';

export type LogFilter = {
  /** Every account's notifications, or one account's. */
  scope: AccountScope;
  email: string | undefined;
  phone: string | undefined;
  text: string | undefined;
  /** -1 both kinds, 0 email, 1 SMS. */
  isSms: number;
  startDate: Date | undefined;
  endDate: Date | undefined;
};

const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(filter: LogFilter): SQL | undefined {
  return and(
    accountCondition(notifications.accountId, filter.scope),
    filter.email === undefined ? undefined : ilike(notifications.email, like(filter.email)),
    filter.phone === undefined ? undefined : ilike(notifications.phone, like(filter.phone)),
    filter.text === undefined ? undefined : ilike(notifications.text, like(filter.text)),
    filter.isSms === 1 ? eq(notifications.channel, 'sms') : undefined,
    filter.isSms === 0 ? eq(notifications.channel, 'email') : undefined,
    filter.startDate === undefined ? undefined : gte(notifications.createdAt, filter.startDate),
    filter.endDate === undefined ? undefined : lte(notifications.createdAt, filter.endDate),
  );
}

export async function listNotifications(
  db: Executor,
  filter: LogFilter,
  page: number,
  pageSize: number,
) {
  const where = conditions(filter);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ value: count() }).from(notifications).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** Messages sent per UTC day and account, newest day first. */
export async function statistics(db: Executor, filter: LogFilter, page: number, pageSize: number) {
  const where = and(conditions(filter), eq(notifications.status, 'sent')) ?? sql`true`;
  const day = sql`to_char(${notifications.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await queryRows<{
    date: string;
    account_id: string | null;
    company_name: string | null;
    count: number;
  }>(
    db,
    sql`select ${day} as date, ${notifications.accountId} as account_id,
          max(${accounts.companyName}) as company_name, count(*)::int as count
        from ${notifications} left join ${accounts} on ${accounts.id} = ${notifications.accountId}
        where ${where}
        group by 1, 2
        order by 1 desc, 3
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const [total] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (
          select 1 from ${notifications} where ${where} group by ${day}, ${notifications.accountId}
        ) as days`,
  );
  return {
    rows: rows.map((row) => ({
      date: row.date,
      accountId: row.account_id,
      companyName: row.company_name ?? '',
      count: row.count,
    })),
    total: total?.total ?? 0,
  };
}

export async function setSmsLimit(db: Executor, accountId: string, smsLimit: number) {
  const rows = await db
    .update(accounts)
    .set({ smsLimit, updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
    .returning({ companyName: accounts.companyName });
  return rows[0];
}

export async function findAccountLimit(db: Executor, accountId: string) {
  const [row] = await db
    .select({ companyName: accounts.companyName, smsLimit: accounts.smsLimit })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

/** The account's webhook (the oldest, when an earlier version created several). */
export async function findAccountWebhook(db: Executor, accountId: string) {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(eq(webhooks.accountId, accountId))
    .orderBy(webhooks.createdAt)
    .limit(1);
  return row;
}

export async function insertWebhook(
  db: Executor,
  values: { accountId: string; url: string; enable: boolean; secret: string },
) {
  const [row] = await db.insert(webhooks).values(values).returning();
  if (!row) throw new Error('webhook not inserted');
  return row;
}

export async function updateWebhook(
  db: Executor,
  accountId: string,
  id: string,
  values: { url: string; enable: boolean; secret?: string },
) {
  const [row] = await db
    .update(webhooks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(webhooks.accountId, accountId), eq(webhooks.id, id)))
    .returning();
  if (!row) throw new Error('webhook not updated');
  return row;
}

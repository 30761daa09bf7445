import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { accounts, notifications, webhooks } from '../../db/schema/index.js';

export async function findNotification(db: Executor, id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

export async function findWebhook(db: Executor, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.accountId, accountId), eq(webhooks.id, id)));
  return row;
}

export const startOfUtcDay = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * Takes one of the account's SMS of today for this notification, under a lock on the
 * account so that concurrent workers cannot both take the last one. A taken SMS has
 * `sent_at` set while still queued (the reservation); a retry after a crash keeps it.
 */
export async function reserveSms(
  tx: Tx,
  notificationId: string,
  accountId: string,
  now: Date,
): Promise<'reserved' | 'limit'> {
  const [account] = await queryRows<{ sms_limit: number }>(
    tx,
    sql`select sms_limit from ${accounts} where id = ${accountId} for update`,
  );
  const [row] = await tx
    .select({ sentAt: notifications.sentAt })
    .from(notifications)
    .where(eq(notifications.id, notificationId));
  if (row?.sentAt && row.sentAt >= startOfUtcDay(now)) return 'reserved';
  const [used] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.channel, 'sms'),
        isNotNull(notifications.sentAt),
        gte(notifications.sentAt, startOfUtcDay(now)),
        sql`${notifications.status} in ('queued', 'sent')`,
      ),
    );
  if ((used?.count ?? 0) >= (account?.sms_limit ?? 0)) return 'limit';
  await tx
    .update(notifications)
    .set({ sentAt: now })
    .where(and(eq(notifications.id, notificationId), eq(notifications.status, 'queued')));
  return 'reserved';
}

/** Gives back an SMS reservation after the provider refused it, so the retry takes a new one. */
export async function releaseSms(db: Executor, notificationId: string, reason: string) {
  await db
    .update(notifications)
    .set({ sentAt: null, reason })
    .where(and(eq(notifications.id, notificationId), eq(notifications.status, 'queued')));
}

/** Marks it sent, once: a second call (a retry after success) changes nothing. */
export async function markSent(db: Executor, id: string, providerId: string, at: Date) {
  const rows = await db
    .update(notifications)
    .set({ status: 'sent', sentAt: at, providerId, reason: null })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'queued')))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export async function markDone(
  db: Executor,
  id: string,
  status: 'skipped' | 'failed',
  reason: string,
) {
  await db
    .update(notifications)
    .set({ status, reason, ...(status === 'skipped' ? { sentAt: null } : {}) })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'queued')));
}

export async function noteAttemptFailed(db: Executor, id: string, reason: string) {
  await db
    .update(notifications)
    .set({ reason })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'queued')));
}

import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountCondition } from '../../db/query.js';
import type { AccountScope } from '../../lib/scope.js';
import { messageTemplateRelations, messageTemplates, users } from '../../db/schema/index.js';
import { defaultTemplates } from '../notifications/index.js';

export type TemplateRow = typeof messageTemplates.$inferSelect;

/** Creates the platform's default templates that are missing (on start). */
export async function ensureDefaultTemplates(db: Executor): Promise<void> {
  const existing = await db
    .select({ title: messageTemplates.title })
    .from(messageTemplates)
    .where(isNull(messageTemplates.accountId));
  const titles = new Set(existing.map((row) => row.title));
  const missing = defaultTemplates.filter((t) => !titles.has(t.title));
  if (missing.length === 0) return;
  await db.insert(messageTemplates).values(
    missing.map((t) => ({
      accountId: null,
      title: t.title,
      template: t.template,
      language: t.language,
    })),
  );
}

/** Platform templates plus one account's, or every template for the whole platform. */
function visible(scope: AccountScope): SQL | undefined {
  return scope.kind === 'platform'
    ? undefined
    : or(isNull(messageTemplates.accountId), eq(messageTemplates.accountId, scope.accountId));
}

export async function listTemplates(
  db: Executor,
  scope: AccountScope,
  page: number,
  pageSize: number,
) {
  const where = visible(scope);
  const rows = await db
    .select()
    .from(messageTemplates)
    .where(where)
    .orderBy(
      sql`${messageTemplates.accountId} is not null`,
      asc(messageTemplates.title),
      desc(messageTemplates.createdAt),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ value: count() }).from(messageTemplates).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** A template the scope sees (the platform's and its account's), by id. */
export async function findTemplate(db: Executor, scope: AccountScope, id: string) {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.id, id), visible(scope)));
  return row;
}

export async function insertTemplate(
  db: Executor,
  values: {
    accountId: string | null;
    title: string;
    template: string;
    language: 'en' | 'pl' | 'de';
  },
) {
  const [row] = await db.insert(messageTemplates).values(values).returning();
  if (!row) throw new Error('template not inserted');
  return row;
}

export async function updateTemplate(
  db: Executor,
  id: string,
  values: { title: string; template: string; language: 'en' | 'pl' | 'de' },
) {
  const [row] = await db
    .update(messageTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(messageTemplates.id, id))
    .returning();
  if (!row) throw new Error('template not updated');
  return row;
}

export async function relationCount(db: Executor, templateId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(messageTemplateRelations)
    .where(eq(messageTemplateRelations.templateId, templateId));
  return row?.value ?? 0;
}

export async function deleteTemplate(db: Executor, id: string) {
  await db.delete(messageTemplates).where(eq(messageTemplates.id, id));
}

const relationColumns = {
  id: messageTemplateRelations.id,
  userId: messageTemplateRelations.userId,
  templateId: messageTemplateRelations.templateId,
  templateTitle: messageTemplates.title,
  type: messageTemplateRelations.type,
  method: messageTemplateRelations.method,
  createdAt: messageTemplateRelations.createdAt,
};

/** Relations of users of the scope's account (or of every account). */
export function listRelations(
  db: Executor,
  scope: AccountScope,
  filter: { userId: string | undefined },
) {
  return db
    .select(relationColumns)
    .from(messageTemplateRelations)
    .innerJoin(users, eq(users.id, messageTemplateRelations.userId))
    .innerJoin(messageTemplates, eq(messageTemplates.id, messageTemplateRelations.templateId))
    .where(
      and(
        accountCondition(users.accountId, scope),
        filter.userId === undefined
          ? undefined
          : eq(messageTemplateRelations.userId, filter.userId),
      ),
    )
    .orderBy(asc(messageTemplateRelations.type), asc(messageTemplateRelations.method));
}

/** One relation per user, type and method: choosing again replaces the template. */
export async function upsertRelation(
  db: Executor,
  values: {
    userId: string;
    templateId: string;
    type: (typeof messageTemplateRelations.$inferInsert)['type'];
    method: 'SMS' | 'EMAIL';
  },
): Promise<string> {
  const [row] = await db
    .insert(messageTemplateRelations)
    .values(values)
    .onConflictDoUpdate({
      target: [
        messageTemplateRelations.userId,
        messageTemplateRelations.type,
        messageTemplateRelations.method,
      ],
      set: { templateId: values.templateId },
    })
    .returning({ id: messageTemplateRelations.id });
  if (!row) throw new Error('relation not saved');
  return row.id;
}

/** A relation of a user of the scope's account, by id. */
export async function findRelation(db: Executor, scope: AccountScope, id: string) {
  const [row] = await db
    .select(relationColumns)
    .from(messageTemplateRelations)
    .innerJoin(users, eq(users.id, messageTemplateRelations.userId))
    .innerJoin(messageTemplates, eq(messageTemplates.id, messageTemplateRelations.templateId))
    .where(and(eq(messageTemplateRelations.id, id), accountCondition(users.accountId, scope)));
  return row;
}

/** A user of the scope's account who may receive messages (one with an account), by id. */
export async function findRecipient(db: Executor, scope: AccountScope, id: string) {
  const [row] = await db
    .select({ id: users.id, accountId: users.accountId, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), accountCondition(users.accountId, scope)));
  return row?.accountId ? { ...row, accountId: row.accountId } : undefined;
}

import type {
  MessageTemplate,
  MessageTemplateRelation,
  messageTemplateBody,
  messageTemplateListQuery,
  messageTemplateRelationBody,
} from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import { defaultTemplates } from '../notifications/index.js';
import * as audit from '../audit/index.js';
import { pagination } from '../../lib/pagination.js';
import { type AccountScope, allAccounts, inAccount, type Scope } from '../../lib/scope.js';
import * as repo from './repo.js';

const defaultTitles = new Set(defaultTemplates.map((t) => t.title));
const isDefault = (row: repo.TemplateRow) => row.accountId === null && defaultTitles.has(row.title);
const cannotDelete = () => new AppError(409, 'cannotDeleteTemplate');

function toTemplate(row: repo.TemplateRow): MessageTemplate {
  return {
    id: row.id,
    accountId: row.accountId,
    title: row.title,
    template: row.template,
    language: row.language,
    isDefault: isDefault(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The account whose templates the caller sees: their own; a platform administrator any, or
 * the one they ask for.
 */
function templateScope(scope: Scope, requested?: string): AccountScope {
  if (scope.kind === 'account') return scope;
  return requested === undefined ? allAccounts : inAccount(requested);
}

export async function list(
  ctx: AppContext,
  scope: Scope,
  query: z.output<typeof messageTemplateListQuery>,
) {
  const { rows, total } = await repo.listTemplates(
    ctx.db,
    templateScope(scope, query.accountId),
    query.page,
    query.pageSize,
  );
  return {
    list: rows.map(toTemplate),
    meta: { pagination: pagination(query.page, query.pageSize, total) },
  };
}

/** A template the actor may change: a platform administrator any, an owner their account's. */
async function changeable(db: Executor, scope: Scope, id: string) {
  const row = await repo.findTemplate(db, scope, id);
  if (!row) throw notFound();
  if (scope.kind === 'platform') return row;
  if (row.accountId === null) throw forbidden();
  if (row.accountId !== scope.accountId) throw notFound();
  return row;
}

export async function create(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: z.output<typeof messageTemplateBody>,
): Promise<MessageTemplate> {
  const accountId = scope.kind === 'platform' ? null : scope.accountId;
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertTemplate(tx, { accountId, ...body });
    await audit.record(tx, subjectOf(actor), {
      event: 'message template',
      action: 'create',
      information: `Added message template "${body.title}"`,
    });
    return created;
  });
  return toTemplate(row);
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  body: z.output<typeof messageTemplateBody>,
): Promise<MessageTemplate> {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await changeable(tx, scope, id);
    const updated = await repo.updateTemplate(tx, id, body);
    await audit.record(tx, subjectOf(actor), {
      event: 'message template',
      action: 'update',
      information:
        before.title === body.title
          ? `Updated message template "${body.title}"`
          : `Updated message template "${before.title}", now "${body.title}"`,
    });
    return updated;
  });
  return toTemplate(row);
}

/** Deletes a template no user receives; the platform defaults stay ('Cant delete template!'). */
export async function remove(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await changeable(tx, scope, id);
    if (isDefault(row) || (await repo.relationCount(tx, id)) > 0) throw cannotDelete();
    await repo.deleteTemplate(tx, id);
    await audit.record(tx, subjectOf(actor), {
      event: 'message template',
      action: 'delete',
      information: `Deleted message template "${row.title}"`,
    });
  });
}

function toRelation(row: NonNullable<Awaited<ReturnType<typeof repo.findRelation>>>) {
  return { ...row, createdAt: row.createdAt.toISOString() } satisfies MessageTemplateRelation;
}

export async function relations(ctx: AppContext, scope: Scope, userId: string | undefined) {
  const rows = await repo.listRelations(ctx.db, templateScope(scope), { userId });
  return rows.map(toRelation);
}

/** Chooses which template a user receives for a message type by a method (replacing any). */
export async function relate(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: z.output<typeof messageTemplateRelationBody>,
): Promise<MessageTemplateRelation> {
  const id = await ctx.db.transaction(async (tx) => {
    const user = await repo.findRecipient(tx, scope, body.userId);
    if (!user) throw badRequest('userRequired', 'userId');
    // The templates the user's account sees: the platform's and its own.
    const template = await repo.findTemplate(tx, inAccount(user.accountId), body.templateId);
    if (!template) throw badRequest('templateRequired', 'templateId');
    const saved = await repo.upsertRelation(tx, body);
    await audit.record(tx, subjectOf(actor), {
      event: 'message template',
      action: 'link',
      information: `${user.email} receives "${template.title}" for ${body.type} by ${body.method}`,
    });
    return saved;
  });
  const row = await repo.findRelation(ctx.db, scope, id);
  if (!row) throw notFound();
  return toRelation(row);
}

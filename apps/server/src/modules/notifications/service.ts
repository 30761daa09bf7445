import type {
  Notification,
  notificationQuery,
  smsLimitBody,
  webhookBody,
  WebhookView,
} from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import { allAccounts, inAccount, ownAccount, type Scope } from '../../lib/scope.js';
import { randomToken } from '../../lib/secrets.js';
import { checkWebhookTarget } from '../../notify/webhook-target.js';
import * as audit from '../audit/index.js';
import { pagination } from '../../lib/pagination.js';
import * as repo from './repo.js';

type Query = z.output<typeof notificationQuery>;

/**
 * The log's filter: the platform administrator sees every account (or the one asked for);
 * an owner sees only their own account, whatever `accountId` says.
 */
function filterOf(scope: Scope, query: Query): repo.LogFilter {
  if (query.startDate && query.endDate && query.startDate > query.endDate) {
    throw badRequest('dateRangeInvalid', 'endDate');
  }
  return {
    scope:
      scope.kind === 'account'
        ? scope
        : query.accountId === undefined
          ? allAccounts
          : inAccount(query.accountId),
    email: query.email,
    phone: query.phone,
    text: query.text,
    isSms: query.isSms,
    startDate: query.startDate ? new Date(query.startDate) : undefined,
    endDate: query.endDate ? new Date(query.endDate) : undefined,
  };
}

type LogRow = Awaited<ReturnType<typeof repo.listNotifications>>['rows'][number];

function toNotification(row: LogRow): Notification {
  return {
    id: row.id,
    accountId: row.accountId,
    channel: row.channel,
    email: row.email,
    phone: row.phone,
    text: row.text,
    isSms: row.isSms,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    // A queued SMS's sent_at is only its reservation of the day's limit.
    sentAt: row.status === 'sent' ? (row.sentAt?.toISOString() ?? null) : null,
  };
}

export async function log(ctx: AppContext, scope: Scope, query: Query) {
  const { rows, total } = await repo.listNotifications(
    ctx.db,
    filterOf(scope, query),
    query.page,
    query.pageSize,
  );
  return {
    list: rows.map(toNotification),
    meta: { pagination: pagination(query.page, query.pageSize, total) },
  };
}

export async function statistics(ctx: AppContext, scope: Scope, query: Query) {
  const { rows, total } = await repo.statistics(
    ctx.db,
    filterOf(scope, query),
    query.page,
    query.pageSize,
  );
  return { list: rows, meta: { pagination: pagination(query.page, query.pageSize, total) } };
}

export async function setSmsLimit(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof smsLimitBody>,
) {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findAccountLimit(tx, body.accountId);
    if (!before) throw badRequest('accountRequired', 'accountId');
    await repo.setSmsLimit(tx, body.accountId, body.smsLimit);
    await audit.record(tx, subjectOf(actor), {
      event: 'account',
      action: 'update',
      information: `SMS limit of "${before.companyName}" changed from ${String(before.smsLimit)} to ${String(body.smsLimit)} a day`,
    });
  });
  return { accountId: body.accountId, smsLimit: body.smsLimit };
}

type WebhookRow = NonNullable<Awaited<ReturnType<typeof repo.findAccountWebhook>>>;

function toWebhook(row: WebhookRow, showSecret: boolean): WebhookView {
  return {
    url: row.url,
    enable: row.enable,
    secret: showSecret ? row.secret : null,
    secretHint: `${row.secret.slice(0, 6)}…`,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function webhook(ctx: AppContext, scope: Scope): Promise<WebhookView | null> {
  const row = await repo.findAccountWebhook(ctx.db, ownAccount(scope).accountId);
  return row ? toWebhook(row, false) : null;
}

/** Sets the account's webhook; its signing secret is made (and shown once) on create or rotate. */
export async function saveWebhook(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: z.output<typeof webhookBody>,
): Promise<WebhookView> {
  const accountId = ownAccount(scope).accountId;
  const verdict = await checkWebhookTarget(body.url, {
    allowPrivate: ctx.config.webhookAllowPrivate,
    lookup: ctx.lookupHost,
  });
  if (verdict === 'notAllowed') throw badRequest('webhookTargetNotAllowed', 'url');
  if (verdict === 'unknownHost') throw badRequest('webhookHostUnknown', 'url');
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.findAccountWebhook(tx, accountId);
    const secret = !existing || body.rotateSecret ? `whsec_${randomToken(32)}` : undefined;
    const row = existing
      ? await repo.updateWebhook(tx, accountId, existing.id, {
          url: body.url,
          enable: body.enable,
          ...(secret ? { secret } : {}),
        })
      : await repo.insertWebhook(tx, {
          accountId,
          url: body.url,
          enable: body.enable,
          secret: secret ?? '',
        });
    await audit.record(tx, subjectOf(actor), {
      event: 'webhook',
      action: existing ? 'update' : 'create',
      information: `Webhook ${body.enable ? 'enabled' : 'disabled'} for ${body.url}${secret && existing ? '; signing secret rotated' : ''}`,
    });
    return toWebhook(row, secret !== undefined);
  });
}

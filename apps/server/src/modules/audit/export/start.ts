import type { createTaskBody } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { badRequest, forbidden, notFound } from '../../../errors.js';
import { enqueue } from '../../../jobs/queue.js';
import { subjectOf, type Actor } from '../../../lib/actor.js';
import type { Scope } from '../../../lib/scope.js';
import {
  auditExportKind,
  insertTask,
  scheduleExportCleanup,
  type TaskRow,
} from '../../tasks/index.js';
import { findExportedAccount } from '../repo.js';
import * as audit from '../service.js';
import { auditExportJob, type AuditExportParams } from './params.js';

type LogDataBody = Extract<z.output<typeof createTaskBody>, { type: 'log_data' }>;

/** The filter as the audit entry of the request and the PDF state it. */
export function describeFilter(params: AuditExportParams): string {
  const parts = [
    `account ${params.accountName ?? 'all accounts'}`,
    `event ${params.event ?? 'any'}`,
    `action ${params.action ?? 'any'}`,
    `search ${params.search ? `"${params.search}"` : 'none'}`,
    `from ${params.startDate ?? 'the first entry'}`,
    `to ${params.endDate ?? 'now'}`,
  ];
  return parts.join(', ');
}

/**
 * `POST /api/tasks` with `log_data`: the audit trail as a PDF, for an account owner (their
 * account) or the platform administrator (one account or all). The task, its job and the
 * audit entry of the request are written in one transaction.
 */
export async function startAuditExport(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: LogDataBody,
): Promise<TaskRow> {
  if (actor.role === 'user') throw forbidden();
  if (body.startDate && body.endDate && Date.parse(body.startDate) > Date.parse(body.endDate))
    throw badRequest('dateRangeInvalid', 'startDate');
  const accountId = scope.kind === 'account' ? scope.accountId : body.account;
  const task = await ctx.db.transaction(async (tx) => {
    const account = accountId ? await findExportedAccount(tx, accountId) : undefined;
    if (accountId && !account) throw notFound();
    const params: AuditExportParams = {
      ...(body.startDate ? { startDate: body.startDate } : {}),
      ...(body.endDate ? { endDate: body.endDate } : {}),
      ...(body.event ? { event: body.event } : {}),
      ...(body.action ? { action: body.action } : {}),
      ...(body.search ? { search: body.search } : {}),
      ...(account ? { accountId: account.id, accountName: account.companyName } : {}),
      timezone: body.timezone,
      exportedBy: actor.name ? `${actor.name} <${actor.email}>` : actor.email,
      language: actor.language,
    };
    const row = await insertTask(tx, {
      accountId: actor.accountId,
      userId: actor.userId,
      kind: auditExportKind,
      params,
    });
    await enqueue(tx, auditExportJob, { taskId: row.id }, { maxAttempts: 3 });
    await scheduleExportCleanup(tx, new Date());
    await audit.record(tx, subjectOf(actor), {
      event: 'export',
      action: 'auditPdf',
      information: `Requested the audit trail as PDF: ${describeFilter(params)} (${params.timezone})`,
    });
    return row;
  });
  ctx.jobsEnqueued();
  return task;
}

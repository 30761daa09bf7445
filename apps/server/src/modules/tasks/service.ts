import type { createTaskBody, downloadQuery, Task } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import { enqueue } from '../../jobs/queue.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import type { Scope } from '../../lib/scope.js';
import * as audit from '../audit/service.js';
import { exportFileUrl, platformOwner } from '../files/links.js';
import { readableDevice } from '../readings/history.js';
import { dayMs } from '../readings/history-time.js';
import { startAuditExport } from './audit-export.js';
import { scheduleExportCleanup } from './cleanup-schedule.js';
import { maxExportDays, rawExportJob, type RawExportParams } from './params.js';
import * as repo from './repo.js';

type CreateTaskBody = z.output<typeof createTaskBody>;
type DownloadQuery = z.output<typeof downloadQuery>;
type RawExportRequest = Omit<RawExportParams, 'deviceName' | 'language'>;

async function toTask(ctx: AppContext, row: repo.TaskRow): Promise<Task> {
  const resultUrl =
    row.status === 'completed'
      ? await exportFileUrl(ctx.links, { id: row.id, accountId: row.accountId ?? platformOwner })
      : null;
  return {
    taskId: row.id,
    status: row.status,
    progress: row.progress,
    resultUrl,
    error: row.error,
  };
}

/** Records the export task and queues its job, in one transaction with the audit entry. */
async function startRawExport(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  request: RawExportRequest,
): Promise<repo.TaskRow> {
  const from = Date.parse(request.from);
  const to = Date.parse(request.to);
  if (from > to) throw badRequest('rangeInvalid', 'to');
  if (to - from > maxExportDays * dayMs) throw badRequest('rangeTooLong', 'to');
  const task = await ctx.db.transaction(async (tx) => {
    const device = await readableDevice(tx, scope, request.deviceId);
    const params: RawExportParams = {
      ...request,
      deviceId: device.id,
      deviceName: device.name,
      // The file speaks the language of the person who asks for it.
      language: actor.language,
    };
    const row = await repo.insertTask(tx, {
      accountId: device.accountId,
      userId: actor.userId,
      kind: 'raw_data',
      params,
    });
    await enqueue(tx, rawExportJob, { taskId: row.id }, { maxAttempts: 3 });
    await scheduleExportCleanup(tx, new Date());
    await audit.record(tx, subjectOf(actor), {
      event: 'export',
      action: 'create',
      information: `Requested the raw data of ${device.name} (${device.deviceId}) as ${request.format.toUpperCase()}, ${request.from} to ${request.to} (${request.timezone})`,
    });
    return row;
  });
  ctx.jobsEnqueued();
  return task;
}

/** `POST /api/tasks`: raw-data exports (`raw_data`) and audit-trail PDFs (`log_data`). */
export async function createTask(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: CreateTaskBody,
): Promise<Task> {
  if (body.type === 'log_data') return toTask(ctx, await startAuditExport(ctx, actor, scope, body));
  const { deviceId, from, to, format, timezone } = body;
  return toTask(
    ctx,
    await startRawExport(ctx, actor, scope, { deviceId, from, to, format, timezone }),
  );
}

/** `GET /api/device/downloadCsv|downloadPdf`: starts the export; `url` serves the file once it completes. */
export async function download(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  query: DownloadQuery,
  format: 'csv' | 'pdf',
): Promise<{ url: string; taskId: string }> {
  const { deviceId, from, to, timezone } = query;
  const row = await startRawExport(ctx, actor, scope, { deviceId, from, to, timezone, format });
  const url = await exportFileUrl(ctx.links, { id: row.id, accountId: row.accountId ?? '' });
  return { url, taskId: row.id };
}

/** A task, for the person who asked for it only (anyone else: 404). */
export async function getTask(ctx: AppContext, actor: Actor, taskId: string): Promise<Task> {
  const row = await repo.findOwnTask(ctx.db, taskId, actor);
  if (!row) throw notFound();
  return toTask(ctx, row);
}

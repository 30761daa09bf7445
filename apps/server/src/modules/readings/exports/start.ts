import type { createTaskBody, downloadQuery } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../errors.js';
import { enqueue } from '../../../jobs/queue.js';
import { subjectOf, type Actor } from '../../../lib/actor.js';
import { dayMs } from '../../../lib/durations.js';
import type { Scope } from '../../../lib/scope.js';
import * as audit from '../../audit/index.js';
import { exportFileUrl } from '../../files/index.js';
import { insertTask, scheduleExportCleanup, type TaskRow } from '../../tasks/index.js';
import { readableDevice } from '../history.js';
import { maxExportDays, rawExportJob, type RawExportParams } from './params.js';

type RawDataBody = Extract<z.output<typeof createTaskBody>, { type: 'raw_data' }>;
type DownloadQuery = z.output<typeof downloadQuery>;
type RawExportRequest = Omit<RawExportParams, 'deviceName' | 'language'>;

/** Records the export task and queues its job, in one transaction with the audit entry. */
async function startRawExport(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  request: RawExportRequest,
): Promise<TaskRow> {
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
    const row = await insertTask(tx, {
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

/** `POST /api/tasks` with `raw_data`: a CSV or PDF of one device's readings. */
export async function startRawExportTask(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: RawDataBody,
): Promise<TaskRow> {
  const { deviceId, from, to, format, timezone } = body;
  return startRawExport(ctx, actor, scope, { deviceId, from, to, format, timezone });
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

import type { alarmDownloadQuery } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../errors.js';
import { enqueue } from '../../../jobs/queue.js';
import { subjectOf, type Actor } from '../../../lib/actor.js';
import * as audit from '../../audit/index.js';
import { assignedToOf, ownAccount, type Scope } from '../../../lib/scope.js';
import { exportFileUrl } from '../../files/index.js';
import { dayMs } from '../../../lib/durations.js';
import { alarmReportKind, insertTask, scheduleExportCleanup } from '../../tasks/index.js';
import { alarmReportJob, maxReportMonths, type AlarmReportParams } from './download-params.js';

type DownloadQuery = z.output<typeof alarmDownloadQuery>;

/**
 * Spec monitoring 5: an alarm report covers at most 12 months. A day of slack lets the
 * client's "12 months back from now" land on either side of a month end or a clock change.
 */
export function withinReportRange(from: Date, to: Date): boolean {
  const limit = new Date(from);
  limit.setUTCMonth(limit.getUTCMonth() + maxReportMonths);
  return to.getTime() <= limit.getTime() + dayMs;
}

/**
 * `GET /api/alarms/downloadAlarmCSV|downloadAlarmPDF`: starts the export task of the account's
 * alarm events in the range (a `user`: their devices' only) and answers its signed link, which
 * serves the file once the task has completed.
 */
export async function downloadAlarms(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  query: DownloadQuery,
  format: 'csv' | 'pdf',
): Promise<{ url: string; taskId: string }> {
  const accountId = ownAccount(scope).accountId;
  const from = new Date(query.startTime);
  const to = new Date(query.endTime);
  if (!withinReportRange(from, to)) throw badRequest('alarmReportRangeTooLong', 'startTime');
  const assignedTo = assignedToOf(scope);
  const params: AlarmReportParams = {
    from: from.toISOString(),
    to: to.toISOString(),
    timezone: query.timezone,
    format,
    language: actor.language,
    ...(assignedTo === undefined ? {} : { assignedTo }),
    // The alarm events page's filters, when the file is asked for there.
    ...(query.state ? { states: query.state } : {}),
    ...(query.deviceId ? { deviceId: query.deviceId } : {}),
    ...(query.locationId ? { locationId: query.locationId } : {}),
  };
  const task = await ctx.db.transaction(async (tx) => {
    const row = await insertTask(tx, {
      accountId,
      userId: actor.userId,
      kind: alarmReportKind,
      params,
    });
    await enqueue(tx, alarmReportJob, { taskId: row.id }, { maxAttempts: 3 });
    await scheduleExportCleanup(tx, new Date());
    await audit.record(tx, subjectOf(actor), {
      event: 'export',
      action: 'create',
      information: `Requested the alarm report as ${format.toUpperCase()}, ${params.from} to ${params.to} (${query.timezone})`,
    });
    return row;
  });
  ctx.jobsEnqueued();
  const url = await exportFileUrl(ctx.links, { id: task.id, accountId });
  return { url, taskId: task.id };
}

import type { Db } from '../../../db/client.js';
import { defineJobHandlers, type JobHandlers } from '../../../jobs/worker.js';
import { alarmReportJob, alarmReportParams } from './download-params.js';
import * as eventsRepo from '../events/events-repo.js';
import { buildTaskFile, pendingTask } from '../../tasks/index.js';
import { writeAlarmPdf } from './alarm-pdf.js';
import { writeAlarmCsv, type AlarmReport } from './alarm-report.js';

/**
 * Builds the file of an alarm report task (job `export.alarms`): the account's alarm events of
 * the range with their comments. Written aside and renamed into place, like raw exports.
 */
export async function runAlarmExport(deps: { db: Db; dataDir: string }, taskId: string) {
  const { db } = deps;
  const task = await pendingTask(db, taskId);
  if (!task?.accountId) return;
  const params = alarmReportParams.parse(task.params);
  const account = await eventsRepo.accountInfo(db, task.accountId);
  if (!account) return;
  const owner = task.accountId;
  await buildTaskFile(deps, { id: taskId, owner, format: params.format }, async (file) => {
    const scope = { accountId: owner, assignedTo: params.assignedTo };
    const events = await eventsRepo.reportEvents(db, scope, {
      from: new Date(params.from),
      to: new Date(params.to),
      ...(params.states ? { states: params.states } : {}),
      ...(params.deviceId ? { deviceId: params.deviceId } : {}),
      ...(params.locationId ? { locationId: params.locationId } : {}),
    });
    const report: AlarmReport = {
      companyName: account.companyName,
      unit: account.temperatureUnit,
      language: params.language,
      params,
      generatedAt: new Date(),
      events,
      comments: await eventsRepo.commentsOfEvents(
        db,
        events.map((event) => event.id),
      ),
    };
    await (params.format === 'csv' ? writeAlarmCsv : writeAlarmPdf)(file.path, report);
  });
}

/** The alarm report download's job, registered by the composition root (runtime.ts). */
export function alarmExportJobHandlers(deps: { db: Db; dataDir: string }): JobHandlers {
  return defineJobHandlers({
    [alarmReportJob]: async ({ taskId }) => {
      await runAlarmExport(deps, taskId);
    },
  });
}

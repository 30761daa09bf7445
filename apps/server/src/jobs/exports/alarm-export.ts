import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Db } from '../../db/client.js';
import { alarmReportParams } from '../../modules/alarms/download-params.js';
import * as eventsRepo from '../../modules/alarms/events-repo.js';
import { exportPath, storedFile } from '../../modules/files/storage.js';
import * as tasksRepo from '../../modules/tasks/repo.js';
import { writeAlarmPdf } from './alarm-pdf.js';
import { writeAlarmCsv, type AlarmReport } from './alarm-report.js';

/**
 * Builds the file of an alarm report task (job `export.alarms`): the account's alarm events of
 * the range with their comments. Written aside and renamed into place, like raw exports.
 */
export async function runAlarmExport(deps: { db: Db; dataDir: string }, taskId: string) {
  const { db } = deps;
  const task = await tasksRepo.findTaskById(db, taskId);
  if (!task?.accountId || task.status === 'completed') return;
  const params = alarmReportParams.parse(task.params);
  const account = await eventsRepo.accountInfo(db, task.accountId);
  if (!account) return;
  await tasksRepo.markRunning(db, taskId);
  const relativePath = exportPath(task.accountId, taskId, params.format);
  const target = storedFile(deps.dataDir, relativePath);
  const partial = `${target}.${randomUUID()}.part`;
  try {
    await mkdir(dirname(target), { recursive: true });
    const scope = { accountId: task.accountId, assignedTo: params.assignedTo };
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
    await (params.format === 'csv' ? writeAlarmCsv : writeAlarmPdf)(partial, report);
    await rename(partial, target);
    await tasksRepo.markCompleted(db, taskId, relativePath);
  } catch (error) {
    await rm(partial, { force: true });
    await tasksRepo.markFailed(db, taskId, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

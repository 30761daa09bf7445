/**
 * The worker side of scheduled reports: a schedule tick enqueues the runs that are due (it
 * never builds anything itself), a run job builds the file and enqueues one mail job per
 * recipient, and a mail job sends the file as an attachment. Every step is a durable job and
 * each is keyed so that a run and its mails happen once.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';
import * as repo from '../../modules/reports/repo.js';
import type { Mailer } from '../../notify/email.js';
import { enqueue } from '../queue.js';
import type { JobHandlers } from '../worker.js';
import { buildContent } from './content.js';
import { reportCsv } from './csv.js';
import { writeReportPdf } from './pdf.js';
import {
  duePeriod,
  localDate,
  nextRunAt,
  reportRunJob,
  reportScheduleJob,
  type ReportFrequency,
} from './schedule.js';

export const reportMailJob = 'reports.mail';
/** Files above this go out as a link instead of an attachment. */
export const attachmentLimitBytes = 8 * 1024 * 1024;

const runPayload = z.object({ runId: z.uuid() });
const mailPayload = z.object({
  runId: z.uuid(),
  email: z.string(),
  name: z.string(),
  notificationId: z.uuid().optional(),
});

/**
 * Enqueues every report run that is due at `now`: the latest period that has ended and has no
 * scheduled run yet. A server that was down at midnight enqueues the missed run when it comes
 * back; the unique (report, period start) key and the job's singleton key
 * `report:<id>:<periodStart>` make a run happen once however many ticks see it.
 */
export async function enqueueDueReports(db: Db, now: Date): Promise<number> {
  let enqueued = 0;
  for (const report of await repo.dueReports(db, now)) {
    const frequency = report.frequency as ReportFrequency;
    await db.transaction(async (tx) => {
      const period = duePeriod({
        now: now.getTime(),
        frequency,
        timezone: report.timezone,
        createdAt: report.createdAt.getTime(),
        lastRunStart: (await repo.lastScheduledStart(tx, report.id))?.getTime() ?? null,
      });
      if (period) {
        const runId = await repo.insertRun(tx, {
          reportId: report.id,
          periodStart: new Date(period.start),
          periodEnd: new Date(period.end),
          manual: false,
        });
        if (runId) {
          await enqueue(
            tx,
            reportRunJob,
            { runId },
            { singletonKey: `report:${report.id}:${new Date(period.start).toISOString()}` },
          );
          enqueued += 1;
        }
      }
      await repo.setNextRun(
        tx,
        report.id,
        new Date(nextRunAt(now.getTime(), frequency, report.timezone)),
      );
    });
  }
  return enqueued;
}

/** The people a report goes to: its users, and the account's owners when notify admin is on. */
async function recipients(db: Db, report: repo.ReportRow) {
  const chosen = await repo.recipientsOf(db, [report.id]);
  const admins = report.adminEnable
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.accountId, report.accountId), eq(users.role, 'super_user')))
    : [];
  const byEmail = new Map<string, { id: string; name: string; email: string }>();
  for (const person of [...chosen, ...admins])
    byEmail.set(person.email, { id: person.id, name: person.name, email: person.email });
  return [...byEmail.values()];
}

export const reportFileName = (report: repo.ReportRow, run: repo.ReportRunRow) =>
  `${report.name.replace(/[^A-Za-z0-9_-]+/g, '-')}-${localDate(run.periodStart.getTime(), report.timezone)}.${
    report.format === 1 ? 'pdf' : 'csv'
  }`;

export async function buildRun(deps: { db: Db; dataDir: string }, runId: string): Promise<void> {
  const { db } = deps;
  const run = await repo.runById(db, runId);
  if (!run || run.status === 'sent') return;
  const report = await repo.reportById(db, run.reportId);
  if (!report) return;
  await repo.updateRun(db, runId, { status: 'building' });
  const deviceIds = (await repo.devicesOf(db, [report.id])).map((device) => device.id);
  const period = { start: run.periodStart.getTime(), end: run.periodEnd.getTime() };
  const content = await buildContent(db, report, deviceIds, period);
  const dir = join(deps.dataDir, 'reports', report.accountId);
  await mkdir(dir, { recursive: true });
  const relative = join(
    'reports',
    report.accountId,
    `${run.id}.${report.format === 1 ? 'pdf' : 'csv'}`,
  );
  const target = join(deps.dataDir, relative);
  if (report.format === 1)
    await writeReportPdf(target, content, {
      name: report.name,
      period,
      timezone: report.timezone,
      generatedAt: new Date(),
    });
  else await writeFile(target, reportCsv(content, period, report.timezone));
  const people = await recipients(db, report);
  await db.transaction(async (tx) => {
    for (const person of people) {
      // The notification log holds each mail from the moment it is due to its delivery.
      const [logged] = await tx
        .insert(notifications)
        .values({
          accountId: report.accountId,
          userId: person.id,
          channel: 'email',
          email: person.email,
          text: `Report "${report.name}" ${localDate(period.start, report.timezone)}`,
        })
        .returning({ id: notifications.id });
      await enqueue(
        tx,
        reportMailJob,
        { runId, email: person.email, name: person.name, notificationId: logged?.id },
        { singletonKey: `report-mail:${runId}:${person.email}` },
      );
    }
    await repo.updateRun(tx, runId, { status: 'sent', filePath: relative, sentAt: new Date() });
  });
}

export async function mailRun(
  deps: { db: Db; dataDir: string; mailer: Mailer },
  payload: z.output<typeof mailPayload>,
): Promise<void> {
  const run = await repo.runById(deps.db, payload.runId);
  const report = run && (await repo.reportById(deps.db, run.reportId));
  if (!run || !report || run.filePath === null) return;
  const path = join(deps.dataDir, run.filePath);
  const size = (await stat(path)).size;
  const attach = size <= attachmentLimitBytes;
  const period = `${localDate(run.periodStart.getTime(), report.timezone)} to ${localDate(
    run.periodEnd.getTime() - 1,
    report.timezone,
  )}`;
  const what = `the report "${report.name}" for ${period} (${report.timezone})`;
  const line = attach
    ? `attached is ${what}.`
    : `${what} is ready; it is too large to attach (${Math.ceil(size / 1024 / 1024)} MB), download it from the report's runs on the Reports page.`;
  const { messageId } = await deps.mailer.send({
    to: payload.email,
    subject: `Report ${report.name}: ${period}`,
    text: `Hello ${payload.name},\n\n${line}\n`,
    html: `<p>Hello ${escapeHtml(payload.name)},</p><p>${escapeHtml(line)}</p>`,
    ...(attach
      ? {
          attachments: [
            {
              filename: reportFileName(report, run),
              path,
              contentType: report.format === 1 ? 'application/pdf' : 'text/csv',
            },
          ],
        }
      : {}),
  });
  if (payload.notificationId)
    await deps.db
      .update(notifications)
      .set({ status: 'sent', providerId: messageId, sentAt: new Date() })
      .where(eq(notifications.id, payload.notificationId));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function reportJobHandlers(deps: { db: Db; dataDir: string; mailer: Mailer }): JobHandlers {
  return {
    [reportScheduleJob]: async () => {
      await enqueueDueReports(deps.db, new Date());
    },
    [reportRunJob]: async (payload) => {
      await buildRun(deps, runPayload.parse(payload).runId);
    },
    [reportMailJob]: async (payload) => {
      await mailRun(deps, mailPayload.parse(payload));
    },
  };
}

/**
 * The worker side of scheduled reports: a schedule tick enqueues the runs that are due (it
 * never builds anything itself), a run job builds the file and enqueues one mail job per
 * recipient, and a mail job sends the file as an attachment. Every step is a durable job and
 * each is keyed so that a run and its mails happen once.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { languages, type JobData, type Language } from '@vigil/contracts';
import type { Db } from '../../db/client.js';
import type { LinkSigner } from '../../lib/jwt.js';
import * as repo from './repo.js';
import type { Mailer } from '../../notify/email.js';
import { enqueue } from '../../jobs/queue.js';
import { defineJobHandlers, type JobHandlers } from '../../jobs/worker.js';
import * as notifications from '../notifications/index.js';
import * as users from '../users/index.js';
import { buildContent } from './document/content.js';
import { reportCsv } from './document/csv.js';
import { writeReportPdf } from './document/pdf.js';
import { reportTexts } from './document/texts.js';
import {
  duePeriod,
  localDate,
  nextRunAt,
  reportRunJob,
  reportScheduleJob,
  type ReportFrequency,
} from './schedule.js';

export const reportMailJob = 'reports.mail';

/** What the report jobs need besides the database: where files live, the mailer, links. */
export type ReportJobDeps = {
  db: Db;
  dataDir: string;
  mailer: Mailer;
  links: LinkSigner;
  publicUrl: () => string;
  /** Files above this many bytes go out as a signed link instead of an attachment. */
  attachmentMaxBytes: number;
};

export const reportFileAudience = 'vigil:report-file';
/** How long the link in a report mail works; the run stays downloadable from the Reports page. */
export const mailedLinkLifetimeMs = 7 * 24 * 3_600_000;

/**
 * The file of a run in `language`: each run keeps one file per language of its recipients,
 * `<run>.<language>.<ext>`, and `filePath` names the first one written.
 */
export const runFileIn = (filePath: string, language: Language) =>
  filePath.replace(/\.(en|pl|de)\.(pdf|csv)$/, `.${language}.$2`);

/** A signed link to a run's file (relative to the web app's address). */
export async function signRunFileUrl(
  links: LinkSigner,
  run: { id: string },
  accountId: string,
  language: Language,
  expiresAt: Date,
): Promise<string> {
  const token = await links.sign(
    reportFileAudience,
    { run: run.id, account: accountId, language },
    expiresAt,
  );
  return `/api/reports/files/${run.id}?token=${encodeURIComponent(token)}`;
}

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
  const admins = report.adminEnable ? await users.accountOwners(db, report.accountId) : [];
  type Recipient = { id: string; name: string; email: string; language: Language };
  const byEmail = new Map<string, Recipient>();
  for (const person of [...chosen, ...admins])
    byEmail.set(person.email, {
      id: person.id,
      name: person.name,
      email: person.email,
      language: person.language,
    });
  return [...byEmail.values()];
}

/** The language of the kept file: the report creator's, else the first recipient's, else English. */
async function primaryLanguage(
  db: Db,
  report: repo.ReportRow,
  people: { language: Language }[],
): Promise<Language> {
  if (report.createdBy) {
    const creator = await users.languageOf(db, report.createdBy);
    if (creator) return creator;
  }
  return people[0]?.language ?? 'en';
}

export const reportFileName = (report: repo.ReportRow, run: repo.ReportRunRow) =>
  `${report.name.replace(/[^A-Za-z0-9_-]+/g, '-')}-${localDate(run.periodStart.getTime(), report.timezone)}.${
    report.format === 1 ? 'pdf' : 'csv'
  }`;

/**
 * Builds a run's file, once per language of its recipients, and enqueues one mail per
 * recipient, all in one transaction with the run marked sent (a retry rebuilds the files).
 */
export async function buildRun(deps: Pick<ReportJobDeps, 'db' | 'dataDir'>, runId: string) {
  const { db } = deps;
  const run = await repo.runById(db, runId);
  if (!run || run.status === 'sent') return;
  const report = await repo.reportById(db, run.reportId);
  if (!report) return;
  await repo.updateRun(db, runId, { status: 'building' });
  const deviceIds = (await repo.devicesOf(db, [report.id])).map((device) => device.id);
  const period = { start: run.periodStart.getTime(), end: run.periodEnd.getTime() };
  const content = await buildContent(db, report, deviceIds, period);
  await mkdir(join(deps.dataDir, 'reports', report.accountId), { recursive: true });
  const people = await recipients(db, report);
  const primary = await primaryLanguage(db, report, people);
  const extension = report.format === 1 ? 'pdf' : 'csv';
  const relative = join('reports', report.accountId, `${run.id}.${primary}.${extension}`);
  const generatedAt = new Date();
  for (const language of new Set([primary, ...people.map((person) => person.language)])) {
    const target = join(deps.dataDir, runFileIn(relative, language));
    if (report.format === 1)
      await writeReportPdf(target, content, {
        name: report.name,
        period,
        timezone: report.timezone,
        generatedAt,
        language,
      });
    else await writeFile(target, reportCsv(content, period, report.timezone, language));
  }
  await db.transaction(async (tx) => {
    for (const person of people) {
      // The notification log holds each mail from the moment it is due to its delivery.
      const [logged] = await notifications.insertNotifications(tx, [
        {
          id: randomUUID(),
          accountId: report.accountId,
          userId: person.id,
          channel: 'email',
          email: person.email,
          text: reportTexts[person.language].notificationText(
            report.name,
            localDate(period.start, report.timezone),
          ),
        },
      ]);
      await enqueue(
        tx,
        reportMailJob,
        {
          runId,
          email: person.email,
          name: person.name,
          language: person.language,
          notificationId: logged,
        },
        { singletonKey: `report-mail:${runId}:${person.email}` },
      );
    }
    await repo.updateRun(tx, runId, { status: 'sent', filePath: relative, sentAt: new Date() });
  });
}

/**
 * Mails a run to one recipient in their language: the file attached, or, above the size limit,
 * a signed link to it (valid a week; the run stays downloadable from the Reports page).
 */
export async function mailRun(
  deps: Omit<ReportJobDeps, 'dataDir'> & { dataDir: string },
  payload: JobData<typeof reportMailJob>,
): Promise<void> {
  const run = await repo.runById(deps.db, payload.runId);
  const report = run && (await repo.reportById(deps.db, run.reportId));
  if (!run || !report || run.filePath === null) return;
  const texts = reportTexts[payload.language].mail;
  const own = join(deps.dataDir, runFileIn(run.filePath, payload.language));
  const path = (await stat(own).catch(() => undefined)) ? own : join(deps.dataDir, run.filePath);
  const size = (await stat(path)).size;
  const attach = size <= deps.attachmentMaxBytes;
  const period = texts.periodRange(
    localDate(run.periodStart.getTime(), report.timezone),
    localDate(run.periodEnd.getTime() - 1, report.timezone),
  );
  const what = texts.what(report.name, period, report.timezone);
  const greeting = texts.greeting(payload.name);
  const link = attach
    ? undefined
    : `${deps.publicUrl().replace(/\/$/, '')}${await signRunFileUrl(
        deps.links,
        run,
        report.accountId,
        payload.language,
        new Date(Date.now() + mailedLinkLifetimeMs),
      )}`;
  const line = capitalize(
    attach ? texts.attached(what) : texts.linked(what, Math.ceil(size / 1024 / 1024)),
  );
  const { messageId } = await deps.mailer.send({
    to: payload.email,
    subject: texts.subject(report.name, period),
    text: `${greeting}\n\n${line}\n${link ? `\n${texts.link}: ${link}\n${texts.linkValidity}\n` : ''}`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(line)}</p>${
      link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(texts.link)}</a></p><p>${escapeHtml(texts.linkValidity)}</p>`
        : ''
    }`,
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
    await notifications.markSent(deps.db, payload.notificationId, messageId, new Date());
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Removes every kept file of a report's runs (after the report is deleted). */
export async function removeRunFiles(dataDir: string, filePaths: string[]): Promise<void> {
  for (const filePath of filePaths)
    for (const language of languages)
      await rm(join(dataDir, runFileIn(filePath, language)), { force: true });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The message of a failure, short enough for the run's row. */
const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function reportJobHandlers(deps: ReportJobDeps): JobHandlers {
  return defineJobHandlers({
    [reportScheduleJob]: async () => {
      await enqueueDueReports(deps.db, new Date());
    },
    [reportRunJob]: async ({ runId }, job) => {
      try {
        await buildRun(deps, runId);
      } catch (error) {
        // The last attempt: the run shows as failed, with why, on the Reports page.
        if (job.attempts >= job.maxAttempts)
          await repo.updateRun(deps.db, runId, { status: 'failed', error: messageOf(error) });
        throw error;
      }
    },
    [reportMailJob]: async (mail, job) => {
      try {
        await mailRun(deps, mail);
      } catch (error) {
        if (job.attempts >= job.maxAttempts && mail.notificationId)
          await notifications.markDone(deps.db, mail.notificationId, 'failed', messageOf(error));
        throw error;
      }
    },
  });
}

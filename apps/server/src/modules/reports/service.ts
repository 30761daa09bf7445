import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  languages,
  type Report,
  type ReportInput,
  type ReportRun,
  type reportListQuery,
} from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import {
  removeRunFiles,
  reportFileAudience,
  reportFileName,
  runFileIn,
  signRunFileUrl,
} from './run.js';
import { linkLifetimeMs } from '../files/index.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import { ownAccount, type Scope } from '../../lib/scope.js';
import { enqueue } from '../../jobs/queue.js';
import { lastEndedPeriod, nextRunAt, reportRunJob, type ReportFrequency } from './schedule.js';
import * as audit from '../audit/index.js';
import { pagination } from '../../lib/pagination.js';
import * as repo from './repo.js';

/**
 * Who may do what: an account owner (super_user) reads, creates, edits, deletes and sends
 * every report of the account; a user (sub-user) reads only the reports they receive, with
 * their runs, and changes nothing (spec monitoring 4: the report controls are hidden for
 * them); a platform administrator has no account and no reports (403).
 */
/** The reports the caller sees: the account's; a `user` those sent to them. */
function reportScope(scope: Scope): repo.ReportScope {
  const { accountId, assignedTo } = ownAccount(scope);
  return assignedTo === null ? { accountId } : { accountId, recipient: assignedTo };
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

async function toReports(db: Executor, actor: Actor, rows: repo.ReportRow[]): Promise<Report[]> {
  const ids = rows.map((row) => row.id);
  const [recipients, devices] = await Promise.all([
    repo.recipientsOf(db, ids),
    repo.devicesOf(db, ids),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    temp: row.temp,
    humidity: row.humidity,
    carbon: row.carbon,
    pressure: row.pressure,
    thermoCouple: row.thermoCouple,
    insightReport: row.insightReport,
    door: row.door,
    lnlvl: row.lnlvl,
    lntmp: row.lntmp,
    water: row.water,
    adminEnable: row.adminEnable,
    enable: row.enable,
    frequency: row.frequency,
    duration: row.duration,
    offset: row.offset,
    timezone: row.timezone,
    format: row.format,
    sortBy: row.sortBy,
    createdBy: row.createdBy,
    nextRunAt: iso(row.nextRunAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reportsUsers: recipients
      .filter((user) => user.reportId === row.id)
      .map(({ id, name, email }) => ({ id, name, email })),
    reportsDevices: devices
      .filter((device) => device.reportId === row.id)
      .map(({ id, deviceId, name }) => ({ id, deviceId, name })),
    canEdit: actor.role === 'super_user',
  }));
}

async function ownReport(db: Executor, scope: Scope, id: string) {
  const row = await repo.findReport(db, reportScope(scope), id);
  if (!row) throw notFound();
  return row;
}

export async function list(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  query: z.output<typeof reportListQuery>,
) {
  const { rows, total } = await repo.listReports(
    ctx.db,
    reportScope(scope),
    { type: query.type, id: query.id },
    query.page,
    query.pageSize,
  );
  return {
    list: await toReports(ctx.db, actor, rows),
    meta: { pagination: pagination(query.page, query.pageSize, total) },
  };
}

export async function get(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<Report> {
  const [report] = await toReports(ctx.db, actor, [await ownReport(ctx.db, scope, id)]);
  if (!report) throw notFound();
  return report;
}

function valuesOf(input: ReportInput, now: Date): repo.ReportValues {
  return {
    name: input.name,
    type: input.type,
    temp: input.temp,
    humidity: input.humidity,
    carbon: input.carbon,
    pressure: input.pressure,
    thermoCouple: input.thermo_couple,
    insightReport: input.insightReport,
    door: input.door,
    lnlvl: input.lnlvl,
    lntmp: input.lntmp,
    water: input.water,
    adminEnable: input.adminEnable,
    enable: input.enable,
    frequency: input.frequency,
    duration: input.duration,
    offset: input.offset,
    timezone: input.timezone,
    format: input.format,
    sortBy: input.sortBy,
    nextRunAt: input.enable
      ? new Date(nextRunAt(now.getTime(), input.frequency as ReportFrequency, input.timezone))
      : null,
  };
}

/** Devices and recipients must be the account's own. */
async function checkMembers(db: Executor, accountId: string, input: ReportInput) {
  if ((await repo.countAccountDevices(db, accountId, input.devices)) !== input.devices.length)
    throw notFound();
  const found = await repo.accountUsers(db, accountId, input.users);
  if (found.length !== input.users.length) throw badRequest('reportRecipientUnknown', 'users');
}

const describe = (input: ReportInput) =>
  `"${input.name}" (${input.type === 'normal' ? 'environment' : 'optional'}, ${
    ['daily', 'weekly', 'monthly'][input.frequency - 1] ?? input.frequency
  }, ${input.format === 1 ? 'PDF' : 'CSV'}, ${input.devices.length} device(s), ${input.users.length} user(s))`;

export async function create(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  input: ReportInput,
): Promise<Report> {
  const accountId = ownAccount(scope).accountId;
  const id = await ctx.db.transaction(async (tx) => {
    await checkMembers(tx, accountId, input);
    const created = await repo.insertReport(
      tx,
      accountId,
      actor.userId,
      valuesOf(input, new Date()),
    );
    await repo.setMembers(tx, created, input.devices, input.users);
    await audit.record(tx, subjectOf(actor), {
      event: 'report',
      action: 'create',
      information: `Added report ${describe(input)}`,
    });
    return created;
  });
  return get(ctx, actor, scope, id);
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  input: ReportInput,
): Promise<Report> {
  const accountId = ownAccount(scope).accountId;
  await ctx.db.transaction(async (tx) => {
    const before = await ownReport(tx, scope, id);
    await checkMembers(tx, accountId, input);
    const now = new Date();
    const values = valuesOf(input, now);
    // A run that fell due but has not been enqueued yet stays due (the next tick takes it).
    if (values.nextRunAt && before.nextRunAt && before.nextRunAt <= now)
      values.nextRunAt = before.nextRunAt;
    await repo.updateReport(tx, accountId, id, values);
    await repo.setMembers(tx, id, input.devices, input.users);
    await audit.record(tx, subjectOf(actor), {
      event: 'report',
      action: 'update',
      information: `Changed report "${before.name}" to ${describe(input)}`,
    });
  });
  return get(ctx, actor, scope, id);
}

/** Deletes a report with its runs; their kept files go once the deletion has committed. */
export async function remove(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<void> {
  const accountId = ownAccount(scope).accountId;
  const files = await ctx.db.transaction(async (tx) => {
    const report = await ownReport(tx, scope, id);
    const paths = await repo.runFilePaths(tx, id);
    await repo.deleteReport(tx, accountId, id);
    await audit.record(tx, subjectOf(actor), {
      event: 'report',
      action: 'delete',
      information: `Deleted report "${report.name}"`,
    });
    return paths;
  });
  await removeRunFiles(ctx.config.dataDir, files);
}

export function toRun(row: repo.ReportRunRow): ReportRun {
  return {
    id: row.id,
    reportId: row.reportId,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    status: row.status,
    manual: row.manual,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    hasFile: row.filePath !== null,
  };
}

/**
 * "Send now": a manual run of the period that has just ended (the one the next scheduled run
 * would cover before this one), built and sent by the worker at once. Manual runs do not count
 * as the scheduled run of their period.
 */
export async function sendNow(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<ReportRun> {
  const runId = await ctx.db.transaction(async (tx) => {
    const report = await ownReport(tx, scope, id);
    const period = lastEndedPeriod(
      new Date().getTime(),
      report.frequency as ReportFrequency,
      report.timezone,
    );
    const created = await repo.insertRun(tx, {
      reportId: id,
      periodStart: new Date(period.start),
      periodEnd: new Date(period.end),
      manual: true,
    });
    if (!created) throw new Error('manual run not inserted');
    await enqueue(tx, reportRunJob, { runId: created }, { singletonKey: `report-run:${created}` });
    await audit.record(tx, subjectOf(actor), {
      event: 'report',
      action: 'send',
      information: `Sent report "${report.name}" now`,
    });
    return created;
  });
  ctx.jobsEnqueued();
  const run = await repo.runById(ctx.db, runId);
  if (!run) throw notFound();
  return toRun(run);
}

export async function runs(
  ctx: AppContext,
  scope: Scope,
  id: string,
  query: { page: number; pageSize: number },
) {
  await ownReport(ctx.db, scope, id);
  const { rows, total } = await repo.listRuns(ctx.db, id, query.page, query.pageSize);
  return {
    list: rows.map(toRun),
    meta: { pagination: pagination(query.page, query.pageSize, total) },
  };
}

/**
 * A signed link (an hour) to the kept file of a run, for whoever may read the report; the
 * link itself is the authorisation, so a browser can open it in a new tab.
 */
export async function downloadLink(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  runId: string,
) {
  const report = await ownReport(ctx.db, scope, id);
  const run = await repo.findRun(ctx.db, id, runId);
  if (!run) throw notFound();
  if (run.filePath === null) throw new AppError(409, 'reportRunNotReady');
  const expiresAt = new Date(Date.now() + linkLifetimeMs);
  return {
    url: await signRunFileUrl(ctx.links, run, report.accountId, actor.language, expiresAt),
    fileName: reportFileName(report, run),
    expiresAt: expiresAt.toISOString(),
  };
}

/** The kept file of a run, for the holder of a valid link token. */
export async function openRunFile(ctx: AppContext, runId: string, token: string) {
  const claims = await ctx.links.verify(reportFileAudience, token);
  if (claims?.run !== runId || typeof claims.account !== 'string')
    throw new AppError(403, 'tokenInvalid', 'token');
  const run = await repo.runById(ctx.db, runId);
  const report =
    run && (await repo.findReport(ctx.db, { accountId: claims.account }, run.reportId));
  if (!run || !report || run.filePath === null) throw notFound();
  // The file in the language the link was made for, else the run's first file.
  const language = languages.find((code) => code === claims.language);
  const candidates = [...(language ? [runFileIn(run.filePath, language)] : []), run.filePath].map(
    (file) => join(ctx.config.dataDir, file),
  );
  let path = '';
  let info;
  for (const candidate of candidates) {
    info = await stat(candidate).catch(() => undefined);
    path = candidate;
    if (info) break;
  }
  if (!info) throw notFound();
  return {
    path,
    size: info.size,
    filename: reportFileName(report, run),
    contentType: report.format === 1 ? 'application/pdf' : 'text/csv; charset=utf-8',
  };
}

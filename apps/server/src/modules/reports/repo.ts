import { and, asc, count, desc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  devices,
  reportDevices,
  reportRuns,
  reports,
  reportUsers,
  users,
} from '../../db/schema/index.js';

export type ReportRow = typeof reports.$inferSelect;
export type ReportValues = Omit<
  typeof reports.$inferInsert,
  'id' | 'accountId' | 'createdAt' | 'updatedAt' | 'createdBy'
>;
export type ReportRunRow = typeof reportRuns.$inferSelect;

export type ReportScope = {
  accountId: string;
  /** A `user` sees only the reports they receive. */
  recipient?: string;
};

function scopeConditions(scope: ReportScope, extra?: SQL): SQL | undefined {
  return and(
    eq(reports.accountId, scope.accountId),
    scope.recipient === undefined
      ? undefined
      : sql`exists (select 1 from ${reportUsers} where ${reportUsers.reportId} = ${reports.id} and ${reportUsers.userId} = ${scope.recipient})`,
    extra,
  );
}

/** Reports of one type, newest first. */
export async function listReports(
  db: Executor,
  scope: ReportScope,
  filter: { type: 'normal' | 'optional'; id?: string },
  page: number,
  pageSize: number,
): Promise<{ rows: ReportRow[]; total: number }> {
  const where = scopeConditions(
    scope,
    filter.id === undefined ? eq(reports.type, filter.type) : eq(reports.id, filter.id),
  );
  const rows = await db
    .select()
    .from(reports)
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(reports).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findReport(
  db: Executor,
  scope: ReportScope,
  id: string,
): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(scopeConditions(scope, eq(reports.id, id)));
  return row;
}

/** The report with this id in any account (the worker's view). */
export async function reportById(db: Executor, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  return row;
}

export async function recipientsOf(db: Executor, reportIds: string[]) {
  if (reportIds.length === 0) return [];
  return db
    .select({
      reportId: reportUsers.reportId,
      id: users.id,
      name: users.name,
      email: users.email,
      language: users.language,
    })
    .from(reportUsers)
    .innerJoin(users, eq(users.id, reportUsers.userId))
    .where(inArray(reportUsers.reportId, reportIds))
    .orderBy(asc(users.name), asc(users.email));
}

export async function devicesOf(db: Executor, reportIds: string[]) {
  if (reportIds.length === 0) return [];
  return db
    .select({
      reportId: reportDevices.reportId,
      id: devices.id,
      deviceId: devices.deviceId,
      name: devices.name,
    })
    .from(reportDevices)
    .innerJoin(devices, eq(devices.id, reportDevices.deviceId))
    .where(inArray(reportDevices.reportId, reportIds))
    .orderBy(asc(devices.name), asc(devices.deviceId));
}

/** How many of `ids` are devices of the account. */
export async function countAccountDevices(db: Executor, accountId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.accountId, accountId), inArray(devices.id, ids)));
  return row?.n ?? 0;
}

/** The users of the account among `ids`. */
export async function accountUsers(db: Executor, accountId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, ids)));
}

export async function insertReport(
  db: Executor,
  accountId: string,
  createdBy: string,
  values: ReportValues,
): Promise<string> {
  const [row] = await db
    .insert(reports)
    .values({ ...values, accountId, createdBy })
    .returning({ id: reports.id });
  if (!row) throw new Error('report not inserted');
  return row.id;
}

export async function updateReport(
  db: Executor,
  accountId: string,
  id: string,
  values: ReportValues,
): Promise<void> {
  await db
    .update(reports)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(reports.accountId, accountId), eq(reports.id, id)));
}

/** The kept files of a report's runs (relative to the data directory). */
export async function runFilePaths(db: Executor, reportId: string): Promise<string[]> {
  const rows = await db
    .select({ filePath: reportRuns.filePath })
    .from(reportRuns)
    .where(eq(reportRuns.reportId, reportId));
  return rows.flatMap((row) => (row.filePath === null ? [] : [row.filePath]));
}

export async function deleteReport(db: Executor, accountId: string, id: string): Promise<void> {
  await db.delete(reports).where(and(eq(reports.accountId, accountId), eq(reports.id, id)));
}

/** Replaces the report's devices and recipients. */
export async function setMembers(
  db: Executor,
  reportId: string,
  deviceIds: string[],
  userIds: string[],
): Promise<void> {
  await db.delete(reportDevices).where(eq(reportDevices.reportId, reportId));
  await db.delete(reportUsers).where(eq(reportUsers.reportId, reportId));
  if (deviceIds.length > 0)
    await db.insert(reportDevices).values(deviceIds.map((deviceId) => ({ reportId, deviceId })));
  if (userIds.length > 0)
    await db.insert(reportUsers).values(userIds.map((userId) => ({ reportId, userId })));
}

// ---- runs ----

/** Enabled reports whose next run is due at `now`. */
export async function dueReports(db: Executor, now: Date): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(
      and(eq(reports.enable, true), isNotNull(reports.nextRunAt), lte(reports.nextRunAt, now)),
    );
}

export async function setNextRun(db: Executor, id: string, nextRunAt: Date | null): Promise<void> {
  await db.update(reports).set({ nextRunAt }).where(eq(reports.id, id));
}

/** The period start of the newest scheduled (not manual) run of a report. */
export async function lastScheduledStart(db: Executor, reportId: string): Promise<Date | null> {
  const [row] = await db
    .select({ start: reportRuns.periodStart })
    .from(reportRuns)
    .where(and(eq(reportRuns.reportId, reportId), eq(reportRuns.manual, false)))
    .orderBy(desc(reportRuns.periodStart))
    .limit(1);
  return row?.start ?? null;
}

/**
 * A run row for the period; a scheduled run of a period that has one already is not
 * inserted again (the unique key) and the answer is undefined.
 */
export async function insertRun(
  db: Executor,
  values: { reportId: string; periodStart: Date; periodEnd: Date; manual: boolean },
): Promise<string | undefined> {
  const [row] = await db
    .insert(reportRuns)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: reportRuns.id });
  return row?.id;
}

export async function findRun(db: Executor, reportId: string, runId: string) {
  const [row] = await db
    .select()
    .from(reportRuns)
    .where(and(eq(reportRuns.reportId, reportId), eq(reportRuns.id, runId)));
  return row;
}

export async function runById(db: Executor, runId: string) {
  const [row] = await db.select().from(reportRuns).where(eq(reportRuns.id, runId));
  return row;
}

export async function listRuns(db: Executor, reportId: string, page: number, pageSize: number) {
  const where = eq(reportRuns.reportId, reportId);
  const rows = await db
    .select()
    .from(reportRuns)
    .where(where)
    .orderBy(desc(reportRuns.createdAt), desc(reportRuns.periodStart))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(reportRuns).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function updateRun(
  db: Executor,
  runId: string,
  values: Partial<Pick<ReportRunRow, 'status' | 'filePath' | 'error' | 'sentAt'>>,
): Promise<void> {
  await db.update(reportRuns).set(values).where(eq(reportRuns.id, runId));
}

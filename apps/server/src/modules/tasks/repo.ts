import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tasks } from '../../db/schema/index.js';

export type TaskRow = typeof tasks.$inferSelect;

export async function insertTask(
  db: Executor,
  values: { accountId: string | null; userId: string; kind: string; params: unknown },
): Promise<TaskRow> {
  const [row] = await db.insert(tasks).values(values).returning();
  if (!row) throw new Error('task insert returned nothing');
  return row;
}

/** A task as the person who asked for it sees it: theirs, in their account (or none, for a super_admin). */
export async function findOwnTask(
  db: Executor,
  id: string,
  owner: { accountId: string | null; userId: string },
): Promise<TaskRow | undefined> {
  const account =
    owner.accountId === null ? isNull(tasks.accountId) : eq(tasks.accountId, owner.accountId);
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.userId, owner.userId), account));
  return row;
}

export async function findAccountTask(
  db: Executor,
  id: string,
  accountId: string,
): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.accountId, accountId)));
  return row;
}

/** A task of the platform administrators (no account): audit exports of every account. */
export async function findPlatformTask(db: Executor, id: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), isNull(tasks.accountId)));
  return row;
}

/** For the worker, which runs tasks of every account. */
export async function findTaskById(db: Executor, id: string): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

export async function markRunning(db: Executor, id: string): Promise<void> {
  await db
    .update(tasks)
    .set({ status: 'running', progress: 0, error: null, updatedAt: new Date() })
    .where(eq(tasks.id, id));
}

export async function setProgress(db: Executor, id: string, progress: number): Promise<void> {
  await db.update(tasks).set({ progress, updatedAt: new Date() }).where(eq(tasks.id, id));
}

export async function markCompleted(db: Executor, id: string, resultPath: string): Promise<void> {
  const now = new Date();
  await db
    .update(tasks)
    .set({ status: 'completed', progress: 100, resultPath, updatedAt: now, finishedAt: now })
    .where(eq(tasks.id, id));
}

export async function markFailed(db: Executor, id: string, error: string): Promise<void> {
  const now = new Date();
  await db
    .update(tasks)
    .set({ status: 'failed', error: error.slice(0, 500), updatedAt: now, finishedAt: now })
    .where(eq(tasks.id, id));
}

/** Deletes the tasks finished (or, unfinished, created) before `cutoff`; returns their files. */
export async function deleteTasksBefore(
  db: Executor,
  cutoff: Date,
): Promise<{ id: string; resultPath: string | null }[]> {
  return db
    .delete(tasks)
    .where(lt(sql`coalesce(${tasks.finishedAt}, ${tasks.createdAt})`, cutoff))
    .returning({ id: tasks.id, resultPath: tasks.resultPath });
}

export async function anyTask(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: tasks.id }).from(tasks).limit(1);
  return row !== undefined;
}

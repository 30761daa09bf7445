import type { createTaskBody, Task } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../lib/actor.js';
import type { Scope } from '../../lib/scope.js';
import { exportFileUrl, platformOwner } from '../files/index.js';
import * as repo from './repo.js';

type CreateTaskBody = z.output<typeof createTaskBody>;

/**
 * How each type of `POST /api/tasks` starts its task, by the domain that builds its file
 * (`raw_data`: modules/readings/exports, `log_data`: modules/audit/export); app.ts joins them.
 */
export type TaskStarters = {
  [Type in CreateTaskBody['type']]: (
    ctx: AppContext,
    actor: Actor,
    scope: Scope,
    body: Extract<CreateTaskBody, { type: Type }>,
  ) => Promise<repo.TaskRow>;
};

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

/** `POST /api/tasks`: raw-data exports (`raw_data`) and audit-trail PDFs (`log_data`). */
export async function createTask(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: CreateTaskBody,
  starters: TaskStarters,
): Promise<Task> {
  if (body.type === 'log_data')
    return toTask(ctx, await starters.log_data(ctx, actor, scope, body));
  return toTask(ctx, await starters.raw_data(ctx, actor, scope, body));
}

/** A task, for the person who asked for it only (anyone else: 404). */
export async function getTask(ctx: AppContext, actor: Actor, taskId: string): Promise<Task> {
  const row = await repo.findOwnTask(ctx.db, taskId, actor);
  if (!row) throw notFound();
  return toTask(ctx, row);
}

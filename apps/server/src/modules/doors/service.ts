import type { recentQuery } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import { assignedOnly, ownAccountId, pagination } from '../devices/scope.js';
import * as repo from './repo.js';
import { toDoorOpening } from './view.js';

/** The Recent door openings card: the account's door events, newest first; a `user` sees their devices' only. */
export async function recent(ctx: AppContext, actor: Actor, query: z.output<typeof recentQuery>) {
  const accountId = ownAccountId(actor);
  const { rows, total } = await repo.listOpenings(
    ctx.db,
    { accountId, assignedTo: assignedOnly(actor) },
    query.page,
    query.pageSize,
  );
  return {
    list: rows.map(toDoorOpening),
    meta: { pagination: pagination(query.page, query.pageSize, total) },
  };
}

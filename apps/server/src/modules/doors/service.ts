import type { recentQuery } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { pagination } from '../../lib/pagination.js';
import { assignedToOf, ownAccount, type Scope } from '../../lib/scope.js';
import * as repo from './repo.js';
import { toDoorOpening } from './view.js';

/** The Recent door openings card: the account's door events, newest first; a `user` sees their devices' only. */
export async function recent(ctx: AppContext, scope: Scope, query: z.output<typeof recentQuery>) {
  const accountId = ownAccount(scope).accountId;
  const { rows, total } = await repo.listOpenings(
    ctx.db,
    { accountId, assignedTo: assignedToOf(scope) },
    query.page,
    query.pageSize,
  );
  return {
    list: rows.map(toDoorOpening),
    meta: { pagination: pagination(query.page, query.pageSize, total) },
  };
}

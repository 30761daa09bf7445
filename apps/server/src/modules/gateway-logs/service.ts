import type { GatewayLog } from '@vigil/contracts';
import { gatewayLogsQuery, pageSizes } from '@vigil/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Scope } from '../../lib/scope.js';
import * as repo from './repo.js';

/** How long gateway log lines are kept (a daily job deletes older ones). */
export const gatewayLogRetentionDays = 90;

/**
 * Gateway log lines, newest first: every gateway's for a super_admin, the own account's
 * gateways' for a super_user. Without `page` the spec asks for the full list (1000 lines).
 */
export async function list(
  ctx: AppContext,
  scope: Scope,
  query: z.output<typeof gatewayLogsQuery>,
) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? (query.page === undefined ? pageSizes.full : pageSizes.table);
  const gatewayId = query.gatewayId?.toLowerCase();
  const { rows, total } = await repo.listLogs(
    ctx.db,
    scope,
    gatewayId ? { gatewayId } : {},
    page,
    pageSize,
  );
  const list: GatewayLog[] = rows.map((row) => ({
    id: row.id,
    gatewayId: row.gatewayId,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  }));
  return {
    list,
    meta: {
      pagination: {
        page,
        pageSize,
        total,
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
        currentPage: page,
      },
    },
  };
}

/** Retention: deletes lines older than 90 days. */
export function purgeOld(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - gatewayLogRetentionDays * 86_400_000);
  return repo.deleteOlderThan(ctx.db, before);
}

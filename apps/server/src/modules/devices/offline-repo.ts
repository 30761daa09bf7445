import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { devices, gateways } from '../../db/schema/index.js';

export type SweptDevice = {
  id: string;
  accountId: string;
  deviceId: string;
  lastSeenAt: Date | null;
};

/**
 * Marks devices silent for longer than their ttl as offline ('inactive') and writes a line to
 * their gateway's log, in one statement.
 */
export async function sweepOfflineDevices(db: Executor): Promise<SweptDevice[]> {
  const rows = await queryRows<{
    id: string;
    account_id: string;
    device_id: string;
    last_seen_at: Date | string | null;
  }>(
    db,
    sql`with swept as (
        update ${devices} d set status = 'inactive'
        where d.status = 'active' and d.last_seen_at < now() - make_interval(mins => d.ttl)
        returning d.id, d.account_id, d.device_id, d.gateway_id, d.ttl, d.last_seen_at
      ),
      logged as (
        insert into gateway_logs (gateway_id, account_id, source, message)
        select g.gateway_id, s.account_id, 'platform',
          'device ' || s.device_id || ' offline: no reading for ' || s.ttl || ' minutes'
        from swept s join ${gateways} g on g.id = s.gateway_id
      )
      select id, account_id, device_id, last_seen_at from swept`,
  );
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    deviceId: row.device_id,
    lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at),
  }));
}

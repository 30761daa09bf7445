import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deleteInChunks, queryRows } from '../../db/query.js';

/**
 * `readings` is range-partitioned by month of `ts` (migration 0005): `readings_pYYYYMM` for
 * [month start, next month start) in UTC, plus one default partition — `readings_default` (rows
 * of months without a partition yet, moved out when their month gets one) or, on a database
 * that had readings before partitioning, `readings_legacy` (those rows, where they were, bounded
 * by a check `ts < cutover` that lets monthly partitions from `cutover` on be created without
 * scanning it). The worker creates partitions ahead and drops whole expired ones.
 */
export type PartitionLayout = {
  /** Monthly partitions: name and the start of their month (ms, UTC). */
  months: { name: string; startMs: number }[];
  /** The default partition's name, when there is one. */
  defaultName: string | undefined;
  /** The pre-partitioning table, when it is still there. */
  legacy: { cutoverMs: number; validated: boolean } | undefined;
};

const monthPattern = /^readings_p(\d{4})(\d{2})$/;

/** The start of the UTC month `offset` months after the one holding `ms`. */
export function monthStart(ms: number, offset = 0): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1);
}

export function partitionName(monthMs: number): string {
  const date = new Date(monthMs);
  return `readings_p${String(date.getUTCFullYear())}${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

export async function partitionLayout(db: Executor): Promise<PartitionLayout> {
  const children = await queryRows<{ name: string; is_default: boolean }>(
    db,
    sql`select c.relname as name, pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT' as is_default
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'readings'::regclass`,
  );
  const months = children.flatMap((child) => {
    const match = monthPattern.exec(child.name);
    return match
      ? [{ name: child.name, startMs: Date.UTC(Number(match[1]), Number(match[2]) - 1, 1) }]
      : [];
  });
  months.sort((a, b) => a.startMs - b.startMs);
  const defaultName = children.find((child) => child.is_default)?.name;
  // The check's bound, read back as a timestamptz (its text depends on the session's zone).
  const [check] = await queryRows<{ validated: boolean; cutover: string | Date }>(
    db,
    sql`select convalidated as validated,
        (regexp_match(pg_get_constraintdef(oid), '''([^'']+)'''))[1]::timestamptz as cutover
      from pg_constraint where conname = 'readings_legacy_before'`,
  );
  return {
    months,
    defaultName,
    legacy:
      defaultName === 'readings_legacy' && check
        ? { cutoverMs: new Date(check.cutover).getTime(), validated: check.validated }
        : undefined,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Creates the partition of the month starting at `monthMs`. Rows of that month waiting in
 * `readings_default` move into it in the same transaction, so none is ever out of sight.
 */
async function createMonth(db: Executor, monthMs: number, layout: PartitionLayout) {
  const name = sql.identifier(partitionName(monthMs));
  const from = iso(monthMs);
  const to = iso(monthStart(monthMs, 1));
  if (layout.defaultName !== 'readings_default') {
    // No default, or the legacy one whose validated check already excludes this month.
    await db.execute(sql`create table if not exists ${name} partition of readings
      for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)})`);
    return;
  }
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`create table ${name} (like readings including defaults including constraints)`,
    );
    await tx.execute(sql`alter table ${name} add primary key (device_id, ts)`);
    await tx.execute(sql`with moved as (
        delete from readings_default where ts >= ${from}::timestamptz and ts < ${to}::timestamptz
        returning *
      ) insert into ${name} select * from moved`);
    await tx.execute(sql`alter table readings attach partition ${name}
      for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)})`);
  });
}

/**
 * Makes sure every month that [fromMs, toMs] touches has its partition (months before the
 * legacy table's cutover live in it). Returns the partitions created.
 */
export async function ensurePartitions(
  db: Executor,
  fromMs: number,
  toMs: number,
): Promise<string[]> {
  const layout = await partitionLayout(db);
  const have = new Set(layout.months.map((month) => month.startMs));
  const created: string[] = [];
  for (let month = monthStart(fromMs); month <= toMs; month = monthStart(month, 1)) {
    if (have.has(month)) continue;
    if (layout.legacy && month < layout.legacy.cutoverMs) continue;
    await createMonth(db, month, layout);
    created.push(partitionName(month));
  }
  return created;
}

/**
 * The worker's hourly pass: validates the legacy table's check (a scan that does not block
 * writes), creates this month's and the next `monthsAhead` months' partitions, and gives the
 * months waiting in `readings_default` (a gateway's old buffer) their own.
 */
export async function maintainPartitions(db: Executor, now: number, monthsAhead = 2) {
  const layout = await partitionLayout(db);
  if (layout.legacy && !layout.legacy.validated) {
    await db.execute(sql`alter table readings_legacy validate constraint readings_legacy_before`);
  }
  const created = await ensurePartitions(db, now, monthStart(now, monthsAhead));
  if (layout.defaultName === 'readings_default') {
    const waiting = await queryRows<{ month: string | Date }>(
      db,
      sql`select distinct date_trunc('month', ts, 'UTC') as month from readings_default`,
    );
    for (const { month } of waiting) {
      const ms = new Date(month).getTime();
      created.push(...(await ensurePartitions(db, ms, ms)));
    }
  }
  return created;
}

/**
 * Retention: drops the monthly partitions that end at or before `cutoffMs`, and the legacy
 * table once all of it is that old; rows older than the cutoff in a default partition (few:
 * late readings, or the legacy table until it can go whole) are deleted in chunks.
 */
export async function dropExpired(db: Executor, cutoffMs: number) {
  const layout = await partitionLayout(db);
  const dropped: string[] = [];
  for (const month of layout.months) {
    if (monthStart(month.startMs, 1) > cutoffMs) continue;
    await db.execute(sql`drop table ${sql.identifier(month.name)}`);
    dropped.push(month.name);
  }
  let deleted = 0;
  if (layout.legacy && layout.legacy.cutoverMs <= cutoffMs) {
    await db.execute(sql`drop table readings_legacy`);
    dropped.push('readings_legacy');
  } else if (layout.defaultName) {
    deleted = await deleteOlder(db, layout.defaultName, cutoffMs);
  }
  return { dropped, deleted };
}

/**
 * The devices whose rows in `table` (keyed by device first) match `where` (on alias `t`), found
 * by skipping along the key from one device to the next: one statement, a probe per device the
 * table holds. Asking every registered device in turn cost a statement each: with 100,000
 * devices the worker's daily pass kept a database backend busy for minutes over tables that held
 * nothing to delete (bench:load, issue 20).
 */
export async function devicesHolding(db: Executor, table: string, where: SQL): Promise<string[]> {
  const name = sql.identifier(table);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with recursive held as (
        (select device_id from ${name} order by device_id limit 1)
        union all
        select (select t.device_id from ${name} t where t.device_id > held.device_id
            order by t.device_id limit 1)
          from held where held.device_id is not null
      )
      select device_id as id from held h where h.device_id is not null
        and exists (select 1 from ${name} t where t.device_id = h.device_id and ${where})`,
  );
  return rows.map((row) => row.id);
}

/** Deletes a default partition's rows older than the cutoff, device by device along its key. */
async function deleteOlder(db: Executor, table: string, cutoffMs: number) {
  const devices = await devicesHolding(db, table, sql`t.ts < ${iso(cutoffMs)}::timestamptz`);
  let total = 0;
  for (const id of devices) {
    total += await deleteInChunks(
      db,
      table,
      sql`device_id = ${id} and ts < ${iso(cutoffMs)}::timestamptz`,
    );
  }
  return total;
}

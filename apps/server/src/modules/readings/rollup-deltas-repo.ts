import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { arrayLiteral, queryRows } from '../../db/query.js';
import { groupBy } from '../../lib/group-by.js';
import { deltaShare, rollupLevels, type RollupDelta } from './rollup-levels.js';

const raw = (text: string) => sql.raw(text);

/**
 * The advisory lock of the rollup writer: one transaction at a time, across all processes, adds
 * pending deltas to the rollups (and a rebuild waits for it). Transaction-scoped, so a writer
 * that dies lets go with its connection. On PGlite (one session) it is always granted: there
 * transactions run one at a time anyway.
 */
const writerLock = raw('7302');

/**
 * Appends a round's minute deltas as one row per share of its devices (in the transaction that
 * deletes the round's follow-up rows): a plain insert, which conflicts with nothing and waits on
 * no other process.
 */
export async function appendRollupDeltas(db: Executor, minutes: RollupDelta[]): Promise<void> {
  if (minutes.length === 0) return;
  const shares = groupBy(minutes, (row) => deltaShare(row.deviceId));
  const rows = [...shares].map(
    ([share, deltas]) => sql`(
      ${share},
      ${arrayLiteral(deltas.map((row) => row.deviceId))}::uuid[],
      ${arrayLiteral(deltas.map((row) => row.metric))}::text[],
      ${arrayLiteral(deltas.map((row) => row.bucketMs))}::int8[],
      ${arrayLiteral(deltas.map((row) => row.min))}::float8[],
      ${arrayLiteral(deltas.map((row) => row.max))}::float8[],
      ${arrayLiteral(deltas.map((row) => row.sum))}::float8[],
      ${arrayLiteral(deltas.map((row) => row.count))}::int4[])`,
  );
  await db.execute(sql`insert into reading_rollup_deltas
      (share, device_ids, metrics, buckets, mins, maxs, sums, counts)
    values ${sql.join(rows, sql`, `)}`);
}

/** Sum and count compose exactly; min and max widen. */
const merge = raw(`min = least(r.min, excluded.min), max = greatest(r.max, excluded.max),
      sum = r.sum + excluded.sum, count = r.count + excluded.count`);

/** One level's upsert: the minute deltas summed into its buckets (`widthMs` wide). */
function rollUpFrom(table: string, widthMs: number): SQL {
  const width = raw(`${String(widthMs)}::int8`);
  return sql`insert into ${sql.identifier(table)} as r (device_id, metric, bucket, min, max, sum, count)
    select device_id, metric, timestamptz 'epoch' + (ms / ${width}) * ${width} * interval '1 millisecond',
        min(min), max(max), sum(sum), sum(count)::int
      from minute group by device_id, metric, 3
      order by device_id, metric, 3
    on conflict (device_id, metric, bucket) do update set ${merge}`;
}

/**
 * Takes up to `limit` pending delta rows of the share of the oldest one (oldest first; every row
 * without a limit), sums them per (device, metric, minute) and adds them to every rollup level
 * (as rollups-rebuild.ts composes them), in one statement: the rows are deleted by the statement
 * that counts them, so each is counted once whoever runs it. Rows are locked in (device, metric,
 * bucket) order. Returns how many delta rows it took.
 */
async function applyPending(db: Executor, limit: number | undefined): Promise<number> {
  const which =
    limit === undefined
      ? sql``
      : sql`where id in (select id from reading_rollup_deltas
          where share = (select share from reading_rollup_deltas order by id limit 1)
          order by id limit ${limit})`;
  const levels = rollupLevels.map(
    ({ level, table, ms }) => sql`${raw(`l${level}`)} as (${rollUpFrom(table, ms)})`,
  );
  const [row] = await queryRows<{ taken: number }>(
    db,
    sql`with taken as (
        delete from reading_rollup_deltas ${which}
        returning device_ids, metrics, buckets, mins, maxs, sums, counts
      ),
      minute as (
        select u.device_id, u.metric, u.ms, min(u.min) as min, max(u.max) as max,
            sum(u.sum) as sum, sum(u.count) as count
          from taken, unnest(taken.device_ids, taken.metrics, taken.buckets, taken.mins,
            taken.maxs, taken.sums, taken.counts) as u(device_id, metric, ms, min, max, sum, count)
          group by 1, 2, 3
      ),
      ${sql.join(levels, sql`, `)}
      select count(*)::int as taken from taken`,
  );
  return row?.taken ?? 0;
}

export type ApplyOutcome =
  | { kind: 'applied'; taken: number }
  /** Another process's writer holds the lock: it takes these deltas too. */
  | { kind: 'busy' }
  /** Nothing pending, or the oldest pending row is younger than asked: due in `dueInMs`. */
  | { kind: 'notDue'; dueInMs: number | undefined };

/**
 * The rollup writer's step, in one transaction under the writer lock. With `wait`, waits for the
 * lock and applies whatever is pending (a flush); without, gives way to a writer already at work
 * and applies only once the oldest pending row has waited `dueAfterMs`, so that the processes'
 * writers together add each bucket about once per `dueAfterMs`, whichever of them gets there.
 */
export async function applyRollupDeltas(
  db: Db,
  options: { wait: boolean; dueAfterMs: number; limit: number },
): Promise<ApplyOutcome> {
  return db.transaction(async (tx): Promise<ApplyOutcome> => {
    if (options.wait) {
      await tx.execute(sql`select pg_advisory_xact_lock(${writerLock})`);
    } else {
      const [row] = await queryRows<{ locked: boolean; age_ms: number | string | null }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${writerLock}) as locked,
          (select (extract(epoch from clock_timestamp() - created_at) * 1000)::float8
            from reading_rollup_deltas order by id limit 1) as age_ms`,
      );
      if (!row?.locked) return { kind: 'busy' };
      if (row.age_ms === null) return { kind: 'notDue', dueInMs: undefined };
      const age = Number(row.age_ms);
      if (age < options.dueAfterMs) {
        return { kind: 'notDue', dueInMs: Math.ceil(options.dueAfterMs - age) };
      }
    }
    return { kind: 'applied', taken: await applyPending(tx, options.limit) };
  });
}

/**
 * Adds every pending delta to the rollups inside the caller's transaction, under the writer lock
 * (waiting for a writer at work): a rebuild does so first, so that no delta of readings it
 * counts afresh is added on top afterwards.
 */
export async function applyAllPending(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${writerLock})`);
  await applyPending(tx, undefined);
}

/** Delta rows waiting for the writer (tests and metrics). */
export async function pendingDeltaRows(db: Executor): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from reading_rollup_deltas`,
  );
  return Number(row?.n ?? 0);
}

import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { readingColumns } from '../../ingest/columns.js';

/** One batch as column arrays, sorted by (device, ts) so that concurrent batches lock rows in one order. */
export type ReadingBatch = {
  deviceIds: string[];
  /** ISO 8601 timestamps, millisecond precision. */
  timestamps: string[];
  /** One array per `readingColumns` entry, each as long as `deviceIds`. */
  values: (number | null)[][];
  /** JSON text of the extra fields, or null. */
  extra: (string | null)[];
};

export type ReadingKey = { deviceId: string; tsMs: number };
export type BatchOutcome = {
  insertedCount: number;
  /** The rows inserted, listed only when some were not (duplicates): usually every row is. */
  inserted: ReadingKey[] | undefined;
  /** The inserted rows flagged backfilled. */
  backfilled: ReadingKey[];
  /** The follow-up row owed to the inserted rows (follow-up.ts); null when none was inserted. */
  followUpId: number | null;
};

/** A reading this much older than its arrival was buffered by its gateway: backfilled. */
const backfillAfter = sql.raw(`interval '2 minutes'`);

const raw = (text: string) => sql.raw(text);
const tsMs = raw('(extract(epoch from ts) * 1000)::float8');
const columnList = raw(readingColumns.map((column) => column.column).join(', '));
const inputColumns = raw(readingColumns.map((column) => `u.${column.column}`).join(', '));

function unnestInput(batch: ReadingBatch): SQL {
  const arrays = [
    sql`${sql.param(batch.deviceIds)}::uuid[]`,
    sql`${sql.param(batch.timestamps)}::timestamptz[]`,
    ...readingColumns.map(
      (column, index) => sql`${sql.param(batch.values[index] ?? [])}::${raw(column.type)}[]`,
    ),
    sql`${sql.param(batch.extra)}::text[]`,
  ];
  return sql`select * from unnest(${sql.join(arrays, sql`, `)})
    as u(device_id, ts, ${columnList}, extra)`;
}

/**
 * Writes one batch in one statement, so in one transaction: the readings (duplicates skipped;
 * those of devices that no longer exist too) and the follow-up row that lists the keys of those
 * inserted, which the follow-up deletes once it has applied their rollups (follow-up.ts). Device
 * state, rollups, door events and alarms are not on this path: the message is acknowledged as
 * soon as this commits.
 */
export async function insertBatch(
  db: Executor,
  batch: ReadingBatch,
  owner: string,
): Promise<BatchOutcome> {
  const [row] = await queryRows<OutcomeRow>(
    db,
    sql`with input as (${unnestInput(batch)}),
    ins as (
      insert into readings (device_id, ts, received_at, backfilled, ${columnList}, extra)
      select u.device_id, u.ts, now(),
        (coalesce(u.ts < d.latest_ts, false) or u.ts < now() - ${backfillAfter}), ${inputColumns}, u.extra::jsonb
      from input u join devices d on d.id = u.device_id
      order by u.device_id, u.ts
      on conflict do nothing
      returning device_id, ts, backfilled
    ),
    follow as (
      insert into reading_follow_ups (owner, device_ids, ts)
      select ${owner}, array_agg(device_id), array_agg(ts) from ins having count(*) > 0
      returning id
    )
    select (select id from follow) as follow_up, count(*)::int as inserted,
        case when count(*) < ${batch.deviceIds.length} then coalesce(array_agg(device_id), '{}') end as inserted_ids,
        case when count(*) < ${batch.deviceIds.length} then coalesce(array_agg(${tsMs}), '{}') end as inserted_ts,
        array_agg(device_id) filter (where backfilled) as backfilled_ids,
        array_agg(${tsMs}) filter (where backfilled) as backfilled_ts
      from ins`,
  );
  return toOutcome(row);
}

type OutcomeRow = {
  follow_up: number | string | null;
  inserted: number;
  inserted_ids: string[] | null;
  inserted_ts: number[] | null;
  backfilled_ids: string[] | null;
  backfilled_ts: number[] | null;
};

const keysOf = (ids: string[] | null, timestamps: number[] | null): ReadingKey[] =>
  (ids ?? []).map((deviceId, index) => ({ deviceId, tsMs: Number(timestamps?.[index]) }));

function toOutcome(row: OutcomeRow | undefined): BatchOutcome {
  return {
    insertedCount: row?.inserted ?? 0,
    inserted: row?.inserted_ids ? keysOf(row.inserted_ids, row.inserted_ts) : undefined,
    backfilled: keysOf(row?.backfilled_ids ?? null, row?.backfilled_ts ?? null),
    followUpId: row?.follow_up == null ? null : Number(row.follow_up),
  };
}

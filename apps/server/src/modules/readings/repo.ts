import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { arrayLiteral, queryRows } from '../../db/query.js';
import { readingColumns } from '../../ingest/columns.js';

/**
 * One batch as column arrays, sorted by (device, ts) so that concurrent batches lock rows in one
 * order. Compact, because building and parsing the parameters is most of a write's cost: each
 * device once, times as epoch milliseconds, and only the columns some reading has a value for.
 */
export type ReadingBatch = {
  /** The batch's devices, each once. */
  devices: string[];
  /** Per reading: its device's position in `devices`, from 1 (as SQL arrays count). */
  deviceIndex: number[];
  /** Per reading: milliseconds since the epoch. */
  tsMs: number[];
  /** Per `readingColumns` entry: one value per reading, or undefined when every one is null. */
  values: ((number | null)[] | undefined)[];
  /** JSON text of the extra fields, or null; undefined when no reading has any. */
  extra: (string | null)[] | undefined;
  /**
   * Per device: the newest reading known to be stored before this batch (ms), or null; undefined
   * when none is known. Readings older than it are flagged backfilled.
   */
  latest: (number | null)[] | undefined;
};

export type ReadingKey = { deviceId: string; tsMs: number };
export type BatchOutcome = {
  insertedCount: number;
  /** The rows inserted, listed only when some were not (duplicates): usually every row is. */
  inserted: ReadingKey[] | undefined;
  /** The inserted rows flagged backfilled: usually none or all of them (a gateway's buffer). */
  backfilled: ReadingKey[] | 'all';
  /** The follow-up row owed to the inserted rows (follow-up.ts); null when none was inserted. */
  followUpId: number | null;
};

/** A reading this much older than its arrival was buffered by its gateway: backfilled. */
const backfillAfter = sql.raw(`interval '2 minutes'`);

const raw = (text: string) => sql.raw(text);
const tsMs = raw('(extract(epoch from ts) * 1000)::float8');

/** The batch as rows: the columns it carries values for, the others left null. */
function unnestInput(batch: ReadingBatch): {
  rows: SQL;
  columns: SQL;
  inputs: SQL;
  devices: SQL;
  late: SQL;
} {
  const carried = readingColumns.flatMap((column, index) => {
    const values = batch.values[index];
    return values ? [{ column, values }] : [];
  });
  const arrays = [
    sql`${arrayLiteral(batch.deviceIndex)}::int4[]`,
    sql`${arrayLiteral(batch.tsMs)}::int8[]`,
    ...carried.map(({ column, values }) => sql`${arrayLiteral(values)}::${raw(column.type)}[]`),
    ...(batch.extra ? [sql`${sql.param(batch.extra)}::text[]`] : []),
  ];
  const names = [...carried.map(({ column }) => column.column), ...(batch.extra ? ['extra'] : [])];
  const inputs = [
    ...carried.map(({ column }) => `u.${column.column}`),
    ...(batch.extra ? ['u.extra::jsonb'] : []),
  ];
  const list = (items: string[]) => raw(items.map((item) => `, ${item}`).join(''));
  return {
    rows: sql`select (select ids from batch_devices)[u.device] as device_id, u.device, u.ms,
        timestamptz 'epoch' + u.ms * interval '1 millisecond' as ts${list(names.map((name) => `u.${name}`))}
      from unnest(${sql.join(arrays, sql`, `)}) as u(device, ms${list(names)})`,
    columns: list(names),
    inputs: list(inputs),
    devices: sql`select ${arrayLiteral(batch.devices)}::uuid[] as ids${
      batch.latest ? sql`, ${arrayLiteral(batch.latest)}::int8[] as latest` : sql``
    }`,
    // Older than the device's newest stored reading known, or than a gateway's live delay.
    late: sql`(${
      batch.latest
        ? sql`coalesce(u.ms < (select latest from batch_devices)[u.device], false)`
        : sql`false`
    } or u.ts < now() - ${backfillAfter})`,
  };
}

/**
 * What a batch does with a reading already stored: `skip` it (ON CONFLICT DO NOTHING), or `fail`
 * the statement with a unique violation (SQLSTATE 23505) and store nothing. `fail` is the fast
 * path: ON CONFLICT's speculative insertion made a 2,000-reading batch about a quarter slower
 * (PGlite 19-21 -> 25-27 ms, PostgreSQL 11-12 -> 14-15 ms), and duplicates are rare (a message
 * delivered again); the writer sends a batch that failed so again with `skip` (writer.ts).
 */
export type DuplicateHandling = 'skip' | 'fail';

/**
 * Writes one batch in one statement, so in one transaction: the readings (duplicates skipped,
 * or refused: `DuplicateHandling`) and the follow-up row that lists the keys of those inserted,
 * which the follow-up deletes once it has appended their rollup deltas (follow-up.ts). Device
 * state, rollups, door events and alarms are not on this path: the message is acknowledged as
 * soon as this commits. Keys come back only when some rows were skipped or some (not all) came
 * late, so that the usual batch returns one short row. The device list is sent once
 * (`batch_devices`): PostgreSQL took about 1 ms to parse an array of 1,000 UUIDs.
 *
 * The statement reads nothing from `devices`. Each reading's device was found registered when
 * the ingest directory resolved it (ingest/directory.ts), and the newest reading known stored
 * comes with the batch (`latest`, from the directory and the writer: writer.ts). A device deleted
 * while another process's directory still held it (30 s at most) may have readings stored after
 * its deletion: the purge runs again later for them (purge.ts `queueReadingsPurge`); the process
 * that deletes it forgets it at once. Joined to the batch's devices, PGlite's database thread
 * probed them for every batch: bench:ingest with 1,000 devices, seven alternated pairs, 51.5k-67.3k
 * readings/s (mean 60.8k) against 61.1k-71.3k (mean 67.6k) without. On PostgreSQL, where three
 * batches run at once, three pairs measured the same (99k-109k against 98k-104k).
 */
export async function insertBatch(
  db: Executor,
  batch: ReadingBatch,
  owner: string,
  duplicates: DuplicateHandling = 'skip',
): Promise<BatchOutcome> {
  const input = unnestInput(batch);
  const size = batch.tsMs.length;
  const onConflict = duplicates === 'skip' ? sql`on conflict do nothing` : sql``;
  const [row] = await queryRows<OutcomeRow>(
    db,
    sql`with batch_devices as (${input.devices}),
    input as (${input.rows}),
    ins as (
      insert into readings (device_id, ts, received_at, backfilled${input.columns})
      select u.device_id, u.ts, now(), ${input.late}${input.inputs}
      from input u
      order by u.device_id, u.ts
      ${onConflict}
      returning device_id, ts, backfilled
    ),
    follow as (
      insert into reading_follow_ups (owner, device_ids, ts)
      select ${owner}, array_agg(device_id), array_agg(ts) from ins having count(*) > 0
      returning id
    ),
    counted as (
      select count(*)::int as inserted, (count(*) filter (where backfilled))::int as late from ins
    )
    select (select id from follow) as follow_up, c.inserted, c.late,
        case when c.inserted < ${size} then
          (select coalesce(array_agg(device_id), '{}') from ins) end as inserted_ids,
        case when c.inserted < ${size} then
          (select coalesce(array_agg(${tsMs}), '{}') from ins) end as inserted_ts,
        case when c.late > 0 and c.late < c.inserted then
          (select array_agg(device_id) from ins where backfilled) end as backfilled_ids,
        case when c.late > 0 and c.late < c.inserted then
          (select array_agg(${tsMs}) from ins where backfilled) end as backfilled_ts
      from counted c`,
  );
  return toOutcome(row);
}

type OutcomeRow = {
  follow_up: number | string | null;
  inserted: number;
  late: number;
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
    backfilled:
      row && row.late > 0 && row.late === row.inserted
        ? 'all'
        : keysOf(row?.backfilled_ids ?? null, row?.backfilled_ts ?? null),
    followUpId: row?.follow_up == null ? null : Number(row.follow_up),
  };
}

import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { arrayLiteral, queryRows } from '../../db/query.js';
import { readingColumns } from '../../ingest/columns.js';
import type { ResolvedReading } from './writer.js';

const raw = (text: string) => sql.raw(text);

export type DeviceStateChange = {
  id: string;
  accountId: string;
  deviceId: string;
  status: 'active' | 'inactive';
  previousStatus: 'active' | 'inactive';
  lastSeenAt: Date;
};

/** The newest reading of each device in a round, and whether it came late. */
export type LatestReading = { reading: ResolvedReading; backfilled: boolean };

/** The newest reading is newer than the device's latest: state moves forward only. */
const newer = raw('(d.latest_ts is null or d.latest_ts < l.ts)');
/** Seen at the newest reading's time (not later than now: a fast clock does not keep it online). */
const lastSeen = raw('greatest(d.last_seen_at, least(l.ts, now()))');
/**
 * latest_data: the `reading` contract's keys (contracts/inventory.ts), built from a readings row
 * (or the follow-up's newest-reading row) named `alias`: one record turned into JSON, the same
 * value as jsonb_build_object with 42 arguments gave (equal as jsonb and as text on both
 * databases), for less (below).
 */
export function readingJson(alias: string): SQL {
  const fields = [
    `to_char(${alias}.ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`,
    ...readingColumns.map((column) => `${alias}.${column.column} as "${column.field}"`),
    `${alias}.backfilled as "backfilled"`,
  ];
  // Its own alias, which no caller's row name shadows.
  return raw(`(select to_jsonb(reading_json) from (select ${fields.join(', ')}) reading_json)`);
}
const latestData = readingJson('l');

/**
 * Devices updated per statement at most: 1,000 devices took one statement of 56-88 ms on PGlite
 * (one connection), during which no reading was committed.
 */
const stateChunk = 250;

/**
 * Moves devices' state forward to their newest readings (latest reading, node type, last seen,
 * online); applying the same readings again changes nothing. Returns the devices whose status
 * changed. Rows are updated in device order, as concurrent writers lock them, `stateChunk`
 * devices a statement (each its own: state only moves forward, so a part applied is no harm).
 */
export async function updateDeviceState(
  db: Executor,
  latest: LatestReading[],
): Promise<DeviceStateChange[]> {
  const sorted = [...latest].sort((a, b) => (a.reading.deviceUuid < b.reading.deviceUuid ? -1 : 1));
  const changes: DeviceStateChange[] = [];
  for (let start = 0; start < sorted.length; start += stateChunk) {
    changes.push(...(await updateStateOf(db, sorted.slice(start, start + stateChunk))));
  }
  return changes;
}

/**
 * The newest readings as rows of every reading column: an array for each column some reading has
 * a value for, a null for the others. A device reports a few of the 19 columns, and parsing the
 * arrays of nulls was a third of the statement on PGlite. With readingJson's record, 1,000
 * devices' state took 60 instead of 78 ms on PGlite and 52 instead of 66 ms on PostgreSQL
 * (medians of 40, alternated).
 */
function latestRows(sorted: LatestReading[]): SQL {
  const carried = readingColumns.flatMap((column, index) =>
    sorted.some((row) => row.reading.values[index] != null) ? [{ column, index }] : [],
  );
  const arrays = [
    sql`${arrayLiteral(sorted.map((row) => row.reading.deviceUuid))}::uuid[]`,
    sql`${arrayLiteral(sorted.map((row) => row.reading.tsMs))}::int8[]`,
    sql`${arrayLiteral(sorted.map((row) => (row.backfilled ? 1 : 0)))}::int2[]`,
    ...carried.map(
      ({ column, index }) =>
        sql`${arrayLiteral(sorted.map((row) => row.reading.values[index] ?? null))}::${raw(column.type)}[]`,
    ),
  ];
  const carriedNames = new Set(carried.map(({ column }) => column.column));
  const columns = readingColumns.map(({ column, type }) =>
    carriedNames.has(column) ? column : `null::${type} as ${column}`,
  );
  const names = carried.map(({ column }) => `, ${column.column}`).join('');
  return sql`select device_id, timestamptz 'epoch' + ms * interval '1 millisecond' as ts,
      late = 1 as backfilled, ${raw(columns.join(', '))}
    from unnest(${sql.join(arrays, sql`, `)}) as l(device_id, ms, late${raw(names)})`;
}

/** One statement of updateDeviceState, for devices in id order. */
async function updateStateOf(db: Executor, sorted: LatestReading[]): Promise<DeviceStateChange[]> {
  const rows = await queryRows<{
    id: string;
    account_id: string;
    device_id: string;
    status: 'active' | 'inactive';
    previous_status: 'active' | 'inactive';
    last_seen_at: string | Date;
  }>(
    db,
    sql`with l as (${latestRows(sorted)}),
    seen as (
      update devices d set
        latest_ts = case when ${newer} then l.ts else d.latest_ts end,
        latest_data = case when ${newer} then ${latestData} else d.latest_data end,
        node_type = case when ${newer} then coalesce(l.node_type, d.node_type) else d.node_type end,
        last_seen_at = ${lastSeen},
        status = case when ${lastSeen} > now() - make_interval(mins => d.ttl)
          then 'active' else d.status end
      from l, devices prev
      where d.id = l.device_id and prev.id = d.id
      returning d.id, d.account_id, d.device_id, d.status, prev.status as previous_status,
        d.last_seen_at
    )
    select * from seen where status <> previous_status`,
  );
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    deviceId: row.device_id,
    status: row.status,
    previousStatus: row.previous_status,
    lastSeenAt: new Date(row.last_seen_at),
  }));
}

/**
 * Deletes follow-up rows, returning the ids this transaction deleted: only their rollup deltas
 * may be appended in it. Another process that took one first makes this wait for its commit, then skip it.
 */
export async function takeFollowUps(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`delete from reading_follow_ups where id = any(${sql.param(ids)}::bigint[]) returning id`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Follow-up rows left behind, oldest first: with `own`, this instance's (it stopped before
 * finishing them); else other instances' older than `olderThanMs` (one that never came back).
 */
export async function pendingFollowUps(
  db: Executor,
  owner: string,
  options: { own: true } | { own: false; olderThanMs: number },
  limit: number,
): Promise<number[]> {
  const which = options.own
    ? sql`owner = ${owner}`
    : sql`owner <> ${owner} and created_at < now() - make_interval(secs => ${options.olderThanMs / 1000})`;
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`select id from reading_follow_ups where ${which} order by id limit ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

/** The readings a follow-up row lists, read back (after a restart), with their devices' account. */
export async function followUpReadings(
  db: Executor,
  id: number,
): Promise<{ readings: ResolvedReading[]; backfilled: Set<ResolvedReading> } | undefined> {
  const rows = await queryRows<
    Record<string, unknown> & {
      device_key: string | null;
      device_id: string;
      account_id: string;
      ts_ms: number | string;
      backfilled: boolean;
    }
  >(
    db,
    sql`select f.id as follow_up, r.*, (extract(epoch from r.ts) * 1000)::float8 as ts_ms,
        d.device_id as device_key, d.account_id
      from reading_follow_ups f
      left join lateral unnest(f.device_ids, f.ts) as k(device_id, ts) on true
      left join readings r on r.device_id = k.device_id and r.ts = k.ts
      left join devices d on d.id = r.device_id
      where f.id = ${id}
      order by r.device_id, r.ts`,
  );
  if (rows.length === 0) return undefined;
  const readings: ResolvedReading[] = [];
  const backfilled = new Set<ResolvedReading>();
  for (const row of rows) {
    // A device deleted since: its readings go with it, nothing follows up on them.
    if (row.device_key === null) continue;
    const reading: ResolvedReading = {
      deviceKey: row.device_key,
      deviceUuid: row.device_id,
      accountId: row.account_id,
      tsMs: Number(row.ts_ms),
      values: readingColumns.map((column) => {
        const value = row[column.column];
        return value === null || value === undefined ? null : Number(value);
      }),
      extra: (row.extra as Record<string, unknown> | null) ?? null,
    };
    readings.push(reading);
    if (row.backfilled) backfilled.add(reading);
  }
  return { readings, backfilled };
}

/** Which of these devices still exist. */
export async function existingDevices(db: Executor, ids: string[]): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from devices where id = any(${sql.param(ids)}::uuid[])`,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * The ceilings of bench:ingest: how fast the same database takes the same readings with no
 * broker, no decoding and no follow-up, by each way of writing them — one statement of unnest
 * arrays per batch (what the ingest writer does), COPY into a staging table then INSERT ... ON
 * CONFLICT DO NOTHING (the alternative write method, duplicates still skipped), and a bare COPY
 * straight into `readings` (no duplicate handling at all: the fastest a write can be).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/query.js';
import { checkpoint } from './bench-database.js';

export type CeilingMethod = 'insert' | 'copyStaging' | 'copy';

type Batch = { device: string[]; ts: string[]; t: number[]; h: number[] };

const columns = 'device_id, ts, t, h, b, m, node_type';

/** `n` readings from `done` on, over `ids`, one second apart per device round (as the publishers). */
function batchOf(ids: string[], done: number, n: number, startMs: number): Batch {
  const index = (i: number) => done + i;
  return {
    device: Array.from({ length: n }, (_, i) => ids[index(i) % ids.length] ?? ''),
    ts: Array.from({ length: n }, (_, i) =>
      new Date(startMs + Math.floor(index(i) / ids.length) * 1000).toISOString(),
    ),
    t: Array.from({ length: n }, (_, i) => 4 + (index(i) % 17) / 10),
    h: Array.from({ length: n }, (_, i) => 40 + (index(i) % 9)),
  };
}

/** The batch as COPY text: one tab-separated line per reading. */
function copyText(batch: Batch): string {
  const lines = batch.device.map(
    (device, i) =>
      `${device}\t${batch.ts[i] ?? ''}\t${batch.t[i] ?? 0}\t${batch.h[i] ?? 0}\t90\t3\t1`,
  );
  return `${lines.join('\n')}\n`;
}

async function insertBatch(database: Database, batch: Batch) {
  const b = batch.device.map(() => 90);
  const m = batch.device.map(() => 3);
  await database.db.execute(sql`insert into readings (${sql.raw(columns)})
    select d, ts, t, h, b, m, 1 from unnest(${sql.param(batch.device)}::uuid[],
      ${sql.param(batch.ts)}::timestamptz[], ${sql.param(batch.t)}::real[], ${sql.param(batch.h)}::real[],
      ${sql.param(b)}::real[], ${sql.param(m)}::int2[]) as u(d, ts, t, h, b, m)
    on conflict do nothing`);
}

const staging = `create temp table if not exists reading_stage
  (device_id uuid, ts timestamptz, t real, h real, b real, m smallint, node_type smallint)
  on commit delete rows`;
const fromStaging = `insert into readings (${columns}) select ${columns} from reading_stage on conflict do nothing`;

/** One COPY (into `table`) on PostgreSQL, on the client's open transaction. */
async function copyPostgres(client: PoolClient, table: string, text: string) {
  await pipeline(
    Readable.from([text]),
    client.query(copyFrom(`copy ${table} (${columns}) from stdin`)),
  );
}

async function copyBatch(
  database: Database,
  batch: Batch,
  viaStaging: boolean,
  client?: PoolClient,
) {
  const text = copyText(batch);
  const table = viaStaging ? 'reading_stage' : 'readings';
  if (client) {
    await client.query('begin');
    if (viaStaging) await client.query(staging);
    await copyPostgres(client, table, text);
    if (viaStaging) await client.query(fromStaging);
    await client.query('commit');
    return;
  }
  const pglite = database.pglite;
  if (!pglite) throw new Error('no PGlite client');
  await pglite.transaction(async (tx) => {
    if (viaStaging) await tx.exec(staging);
    await tx.query(`copy ${table} (${columns}) from '/dev/blob'`, [], {
      blob: new Blob([text]),
    });
    if (viaStaging) await tx.exec(fromStaging);
  });
}

let ceilingRuns = 0;

/** `count` new devices of the account for one ceiling run (each run writes rows of its own). */
async function ceilingDevices(database: Database, accountId: string, count: number) {
  ceilingRuns += 1;
  const rows = await queryRows<{ id: string }>(
    database.db,
    sql`insert into devices (account_id, device_id, name)
        select ${accountId}, ${`ceiling-${String(ceilingRuns)}`} || ':' || lpad(to_hex(i), 8, '0'), 'ceiling ' || i
        from generate_series(1, ${count}::int) i returning id`,
  );
  return rows.map((row) => row.id);
}

/**
 * Readings per second that `method` writes into the database, in batches of `batchSize`, over
 * `devices` devices interleaved in time as the publishers send them: as many as the run it is
 * the ceiling of, since every distinct device in a batch is one more place in the key's index
 * to write to (a 200-device ceiling would leave that cost to the 1,000-device run alone).
 */
export async function ceiling(
  database: Database,
  accountId: string,
  method: CeilingMethod,
  total: number,
  batchSize: number,
  devices = 200,
): Promise<number> {
  const ids = await ceilingDevices(database, accountId, devices);
  const client = method !== 'insert' && database.pool ? await database.pool.connect() : undefined;
  const startMs = Date.now() - 86_400_000;
  await checkpoint(database.db);
  try {
    const started = performance.now();
    for (let done = 0; done < total; done += batchSize) {
      const batch = batchOf(ids, done, Math.min(batchSize, total - done), startMs);
      if (method === 'insert') await insertBatch(database, batch);
      else await copyBatch(database, batch, method === 'copyStaging', client);
    }
    return total / ((performance.now() - started) / 1000);
  } finally {
    client?.release();
  }
}

/**
 * Every method's ceiling, best of `rounds` runs taken in turn, so that a busy moment of a
 * shared machine does not decide which method looks faster.
 */
export async function ceilings(
  database: Database,
  accountId: string,
  total: number,
  batchSize: number,
  devices: number,
  rounds = 2,
): Promise<Record<CeilingMethod, number>> {
  const best: Record<CeilingMethod, number> = { insert: 0, copyStaging: 0, copy: 0 };
  for (let round = 0; round < rounds; round += 1) {
    for (const method of Object.keys(best) as CeilingMethod[]) {
      best[method] = Math.max(
        best[method],
        await ceiling(database, accountId, method, total, batchSize, devices),
      );
    }
  }
  return best;
}

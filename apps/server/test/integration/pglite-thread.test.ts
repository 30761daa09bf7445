import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { openPgliteThread, type PgliteClient } from '../../src/db/pglite-thread.js';

/** The embedded database in its worker thread (db/pglite-thread.ts), as the server opens it. */
describe('PGlite in a worker thread', () => {
  let dir: string;
  let database: Database;
  let client: PgliteClient;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vigil-pglite-thread-'));
    database = await openDatabase({ dataDir: dir });
    if (!database.pglite) throw new Error('no PGlite client');
    client = database.pglite;
    await client.exec('create table t (id int primary key, note text)');
  });

  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers queries with parameters, as objects or arrays, with drizzle’s raw types', async () => {
    const objects = await client.query<{ n: number; s: string }>(
      'select $1::int + 1 as n, $2 as s',
      [41, 'x'],
    );
    expect(objects.rows).toEqual([{ n: 42, s: 'x' }]);
    const arrays = await client.query('select 1, 2', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 2]]);
    const at = "timestamptz '2026-01-02 03:04:05+00'";
    const parsed = await client.query<{ at: unknown }>(`select ${at} as at`);
    expect(parsed.rows[0]?.at).toBeInstanceOf(Date);
    const raw = await client.query<{ at: unknown }>(`select ${at} as at`, [], {
      parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
    });
    expect(raw.rows[0]?.at).toBe('2026-01-02 03:04:05+00');
  });

  it('refuses a parser that would have to run in the other thread', async () => {
    await expect(
      client.query('select 1', [], { parsers: { [types.INT4]: (value: string) => Number(value) } }),
    ).rejects.toThrow('only identity parsers reach the database thread');
  });

  it('reports a database error with its code, and keeps answering', async () => {
    await client.query('insert into t values (1, $1)', ['first']);
    const error: unknown = await client
      .query('insert into t values (1, $1)', ['again'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
    const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from t`);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction, and rolls back one whose callback throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (2, 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (3, 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A savepoint rolls back alone.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (4, 'outer')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into t values (5, 'inner')`);
          throw new Error('inner only');
        })
        .catch(() => undefined);
    });
    const rows = await queryRows<{ id: number }>(database.db, sql`select id from t order by id`);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 4]);
  });

  it('makes a query from outside wait for the open transaction (it never runs inside it)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted: () => void = () => undefined;
    const didInsert = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into t values (10, $1)', ['rolled back']);
      inserted();
      await held;
      throw new Error('roll back');
    });
    await didInsert;
    // Asked while the transaction holds the database: inside it, it would count the row.
    const outside = client.query<{ n: number }>('select count(*)::int as n from t where id = 10');
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('copies from a blob (COPY ... FROM /dev/blob)', async () => {
    await client.transaction(async (tx) => {
      await tx.query(`copy t (id, note) from '/dev/blob'`, [], {
        blob: new Blob(['20\tcopied\n21\tcopied too\n']),
      });
    });
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from t where note like 'copied%'`,
    );
    expect(rows).toEqual([{ n: 2 }]);
  });
});

describe('the database thread, opened and closed', () => {
  it('keeps what was committed across a close and a new open, and refuses queries once closed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vigil-pglite-thread-'));
    try {
      const settings = { dataDir: dir, settings: [], checkpointMs: 60_000 };
      const first = await openPgliteThread(settings);
      await first.exec('create table kept (n int); insert into kept values (7)');
      await first.close();
      await expect(first.query('select 1')).rejects.toThrow('database thread exited');
      const second = await openPgliteThread(settings);
      expect((await second.query('select n from kept')).rows).toEqual([{ n: 7 }]);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

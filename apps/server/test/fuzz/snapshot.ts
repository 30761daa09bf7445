import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';

/**
 * A fingerprint of everything the database holds: per table, its row count and an md5 of its
 * rows in a fixed order. Two equal fingerprints mean no request changed any data.
 */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: string | number; digest: string | null }>(
      db,
      sql`select count(*) as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
          from ${sql.identifier(name)} t`,
    );
    result[name] = `${String(row?.n)} ${row?.digest ?? ''}`;
  }
  return result;
}

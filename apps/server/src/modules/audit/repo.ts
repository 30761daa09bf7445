import { and, asc, count, desc, eq, gt, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { accounts, auditChainHeads, auditLog } from '../../db/schema/index.js';
import { accountCondition, queryRows } from '../../db/query.js';
import type { AccountScope } from '../../lib/scope.js';
import { genesisHash, type ChainedFields, type StoredEntry } from './hash-chain.js';

/** Locks the head of `chain` for the rest of the transaction and returns it. */
export async function lockChainHead(tx: Tx, chain: string) {
  await tx
    .insert(auditChainHeads)
    .values({ chain, seq: 0, hash: genesisHash })
    .onConflictDoNothing();
  const [head] = await tx
    .select()
    .from(auditChainHeads)
    .where(eq(auditChainHeads.chain, chain))
    .for('update');
  if (!head) throw new Error(`audit chain head ${chain} vanished`);
  return head;
}

export async function appendEntry(tx: Tx, entry: ChainedFields & { hash: string }) {
  await tx.insert(auditLog).values(entry);
  await tx
    .update(auditChainHeads)
    .set({ seq: entry.seq, hash: entry.hash })
    .where(eq(auditChainHeads.chain, entry.chain));
}

export type AuditFilter = {
  /** One account's entries, or every account's. */
  scope: AccountScope;
  event?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  search?: string | undefined;
  beforeId?: number | undefined;
};

function filterConditions(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.scope.kind === 'account')
    conditions.push(eq(auditLog.accountId, filter.scope.accountId));
  if (filter.event) conditions.push(eq(sql`lower(${auditLog.event})`, filter.event.toLowerCase()));
  if (filter.action)
    conditions.push(eq(sql`lower(${auditLog.action})`, filter.action.toLowerCase()));
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lte(auditLog.createdAt, filter.to));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(auditLog.information, pattern),
      ilike(auditLog.userEmail, pattern),
      ilike(auditLog.accountName, pattern),
    );
    if (match) conditions.push(match);
  }
  if (filter.beforeId !== undefined) conditions.push(lt(auditLog.id, filter.beforeId));
  return conditions;
}

/** Newest first, `limit` rows after the `beforeId` cursor. */
export function findEntries(db: Executor, filter: AuditFilter, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(...filterConditions(filter)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** How many entries match (for an export's progress). */
export async function countEntries(db: Executor, filter: AuditFilter): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(auditLog)
    .where(and(...filterConditions(filter)));
  return row?.total ?? 0;
}

export async function distinctFacets(db: Executor, accountScope: AccountScope) {
  const scope = accountCondition(auditLog.accountId, accountScope);
  const events = await db
    .selectDistinct({ value: auditLog.event })
    .from(auditLog)
    .where(scope)
    .orderBy(auditLog.event);
  const actions = await db
    .selectDistinct({ value: auditLog.action })
    .from(auditLog)
    .where(scope)
    .orderBy(auditLog.action);
  return { events: events.map((row) => row.value), actions: actions.map((row) => row.value) };
}

/** The heads of the scope's chains (an account's chain is keyed by its id). */
export function chainHeads(db: Executor, scope: AccountScope) {
  return db
    .select()
    .from(auditChainHeads)
    .where(accountCondition(auditChainHeads.chain, scope))
    .orderBy(auditChainHeads.chain);
}

export async function chainPage(
  db: Executor,
  chain: string,
  afterSeq: number,
  limit: number,
): Promise<StoredEntry[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.chain, chain), gt(auditLog.seq, afterSeq)))
    .orderBy(asc(auditLog.seq))
    .limit(limit);
}

/** Every chain that has entries or a head. */
export async function allChains(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ chain: string }>(
    db,
    sql`select chain from ${auditLog} union select chain from ${auditChainHeads} order by chain`,
  );
  return rows.map((row) => row.chain);
}

/** The one account an audit-trail export is for (its id and name), if it exists. */
export async function findExportedAccount(db: Executor, id: string) {
  const [row] = await db
    .select({ id: accounts.id, companyName: accounts.companyName })
    .from(accounts)
    .where(eq(accounts.id, id));
  return row;
}

import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, apiKeys } from '../../db/schema/index.js';

/** The unrevoked key with this hash, with its account's state. */
export async function findActiveKey(db: Executor, keyHash: string) {
  const [row] = await db
    .select({ id: apiKeys.id, accountId: apiKeys.accountId, accountStatus: accounts.status })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row;
}

export async function markKeyUsed(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
}

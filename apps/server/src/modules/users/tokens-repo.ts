import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userTokens } from '../../db/schema/index.js';

export async function insertToken(
  db: Executor,
  values: {
    userId: string;
    purpose: 'confirm' | 'reset' | 'invite';
    tokenHash: string;
    expiresAt: Date;
  },
) {
  await db.insert(userTokens).values(values);
}

/** Older unused tokens of the same purpose stop working when a new one is issued. */
export function expireTokens(
  db: Executor,
  userId: string,
  purpose: 'confirm' | 'reset' | 'invite',
  at: Date,
) {
  return db
    .update(userTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    );
}

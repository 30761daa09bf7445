import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, loginThrottle, sessions, users, userTokens } from '../../db/schema/index.js';

/** A session that is neither revoked nor expired, of a user whose account is active. */
export async function findActiveSession(db: Executor, sessionId: string, now: Date) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      language: users.language,
      accountId: users.accountId,
      accountName: accounts.companyName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        or(isNull(users.accountId), eq(accounts.status, 'active')),
      ),
    );
  return row;
}

export async function findUserForLogin(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      passwordHash: users.passwordHash,
      isActivated: users.isActivated,
      emailConfirmedAt: users.emailConfirmedAt,
      accountId: users.accountId,
      accountName: accounts.companyName,
      accountStatus: accounts.status,
    })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.email, email));
  return row;
}

export async function insertSession(
  db: Executor,
  values: { userId: string; ip: string | null; userAgent: string | null; expiresAt: Date },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

export function revokeSession(db: Executor, sessionId: string, at: Date) {
  return db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export function revokeUserSessions(db: Executor, userId: string, at: Date) {
  return db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** An unused, unexpired token of one of `purposes`, with its user. */
export async function findUsableToken(
  db: Executor,
  tokenHash: string,
  purposes: readonly ('confirm' | 'reset' | 'invite')[],
  now: Date,
) {
  const [row] = await db
    .select({
      tokenId: userTokens.id,
      purpose: userTokens.purpose,
      userId: users.id,
      email: users.email,
      name: users.name,
      accountId: users.accountId,
      accountName: accounts.companyName,
    })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    );
  return row && purposes.includes(row.purpose) ? row : undefined;
}

/** Marks a token used; false when another request used it first. */
export async function useToken(db: Executor, tokenId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: at })
    .where(and(eq(userTokens.id, tokenId), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return rows.length === 1;
}

export function setPassword(
  db: Executor,
  userId: string,
  passwordHash: string,
  activate: boolean,
  at: Date,
) {
  return db
    .update(users)
    .set({
      passwordHash,
      updatedAt: at,
      ...(activate ? { isActivated: true, emailConfirmedAt: at } : {}),
    })
    .where(eq(users.id, userId));
}

export function confirmEmail(db: Executor, userId: string, at: Date) {
  return db
    .update(users)
    .set({ isActivated: true, emailConfirmedAt: at, updatedAt: at })
    .where(eq(users.id, userId));
}

export async function throttleState(db: Executor, key: string) {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return row;
}

/**
 * Counts a failed password check of `key` and sets when it may try next: free for the first
 * failures, then a wait doubling per failure up to the policy's maximum. A count older than
 * `forgetAfterMs` starts again. One statement, so concurrent failures all count.
 */
export async function recordThrottledFailure(
  db: Executor,
  key: string,
  now: Date,
  policy: { freeFailures: number; firstDelayMs: number; maxDelayMs: number; forgetAfterMs: number },
) {
  const nowValue = sql`${now.toISOString()}::timestamptz`;
  const forgetBefore = sql`${new Date(now.getTime() - policy.forgetAfterMs).toISOString()}::timestamptz`;
  const stale = sql`${loginThrottle.windowStartedAt} < ${forgetBefore}`;
  const failures = sql`(case when ${stale} then 1 else ${loginThrottle.failures} + 1 end)`;
  const waitMs = sql`least(${policy.firstDelayMs}::float8 * power(2, ${failures} - ${policy.freeFailures}), ${policy.maxDelayMs}::float8)`;
  await db
    .insert(loginThrottle)
    .values({
      key,
      failures: 1,
      windowStartedAt: now,
      lockedUntil: policy.freeFailures <= 1 ? new Date(now.getTime() + policy.firstDelayMs) : null,
    })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures,
        windowStartedAt: sql`case when ${stale} then ${nowValue} else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${failures} >= ${policy.freeFailures} then ${nowValue} + make_interval(secs => ${waitMs} / 1000) else null end`,
      },
    });
}

export function clearLoginFailures(db: Executor, key: string) {
  return db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** The password hash of a signed-in person, to check a re-entered password against. */
export async function passwordHashOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

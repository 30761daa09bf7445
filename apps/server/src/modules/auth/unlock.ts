import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import { verifyPassword } from '../../lib/secrets.js';
import * as audit from '../audit/service.js';
import { loginFailureLimit, loginWindowMs } from './service.js';
import * as repo from './repo.js';

/** How long a verified password lets its session change device and gateway IDs. */
export const unlockLifetimeMs = 10 * 60_000;
/** The audience of unlock tokens: a link-signer token, never mistaken for a session. */
const unlockAudience = 'unlock';

/**
 * Failed unlocks are counted per person in the sign-in throttle, under a key no email can
 * take (emails always have an @), so a guessed password locks unlocking, not signing in.
 */
const throttleKey = (userId: string) => `unlock:${userId}`;

/**
 * DESIGN.md 8: changing a device or gateway ID asks for the person's own password again.
 * A match gives a short-lived token bound to this session; a mismatch is audited and, after
 * five within 15 minutes, unlocking is refused for 15 minutes.
 */
export async function unlock(ctx: AppContext, actor: Actor, password: string) {
  const { db } = ctx;
  const now = new Date();
  const key = throttleKey(actor.userId);
  const throttle = await repo.throttleState(db, key);
  if (throttle?.lockedUntil && throttle.lockedUntil > now) {
    await audit.recordAlone(db, subjectOf(actor), {
      event: 'auth',
      action: 'unlock',
      result: 'failure',
      information: `Unlock refused for ${actor.email}: too many wrong passwords`,
    });
    throw new AppError(429, 'tooManyUnlockAttempts');
  }
  const passwordHash = await repo.passwordHashOf(db, actor.userId);
  const matches = passwordHash !== null && (await verifyPassword(passwordHash, password));
  await db.transaction(async (tx) => {
    if (matches) await repo.clearLoginFailures(tx, key);
    else await repo.recordLoginFailure(tx, key, now, loginWindowMs, loginFailureLimit);
    await audit.record(tx, subjectOf(actor), {
      event: 'auth',
      action: 'unlock',
      result: matches ? 'success' : 'failure',
      information: matches
        ? `${actor.email} re-entered their password to change device/gateway IDs`
        : `${actor.email} entered a wrong password to change device/gateway IDs`,
    });
  });
  if (!matches) throw new AppError(403, 'unlockMismatch', 'password');
  const expiresAt = new Date(now.getTime() + unlockLifetimeMs);
  const unlockToken = await ctx.links.sign(
    unlockAudience,
    { purpose: 'unlock', sid: actor.sessionId, sub: actor.userId },
    expiresAt,
  );
  return { unlockToken, expiresAt: expiresAt.toISOString() };
}

/** Refuses (403) unless `token` is a valid, unexpired unlock token of the actor's own session. */
export async function requireUnlocked(
  ctx: AppContext,
  actor: Actor,
  token: string | undefined,
): Promise<void> {
  const claims = token ? await ctx.links.verify(unlockAudience, token) : undefined;
  const ok =
    claims?.purpose === 'unlock' && claims.sid === actor.sessionId && claims.sub === actor.userId;
  if (!ok) throw new AppError(403, 'unlockRequired', 'unlockToken');
}

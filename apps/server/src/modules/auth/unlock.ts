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

/** What a password check is for, as the audit trail tells it. */
export type PasswordPurpose = {
  event: string;
  action: string;
  /** e.g. 'to change device/gateway IDs' */
  reason: string;
};

/**
 * A person re-enters their own password (DESIGN.md 8 and 9: ID changes, alarm
 * acknowledgements). Every attempt is audited; a mismatch answers 403 "password didn't match"
 * and, after five within 15 minutes, further checks are refused for 15 minutes.
 */
export async function verifyOwnPassword(
  ctx: AppContext,
  actor: Actor,
  password: string,
  purpose: PasswordPurpose,
): Promise<void> {
  const { db } = ctx;
  const now = new Date();
  const key = throttleKey(actor.userId);
  const entry = { event: purpose.event, action: purpose.action };
  const throttle = await repo.throttleState(db, key);
  if (throttle?.lockedUntil && throttle.lockedUntil > now) {
    await audit.recordAlone(db, subjectOf(actor), {
      ...entry,
      result: 'failure',
      information: `Password check refused for ${actor.email} ${purpose.reason}: too many wrong passwords`,
    });
    throw new AppError(429, 'tooManyUnlockAttempts');
  }
  const passwordHash = await repo.passwordHashOf(db, actor.userId);
  const matches = passwordHash !== null && (await verifyPassword(passwordHash, password));
  await db.transaction(async (tx) => {
    if (matches) await repo.clearLoginFailures(tx, key);
    else await repo.recordLoginFailure(tx, key, now, loginWindowMs, loginFailureLimit);
    await audit.record(tx, subjectOf(actor), {
      ...entry,
      result: matches ? 'success' : 'failure',
      information: matches
        ? `${actor.email} re-entered their password ${purpose.reason}`
        : `${actor.email} entered a wrong password ${purpose.reason}`,
    });
  });
  if (!matches) throw new AppError(403, 'unlockMismatch', 'password');
}

/**
 * DESIGN.md 8: changing a device or gateway ID asks for the person's own password again.
 * A match gives a short-lived token bound to this session.
 */
export async function unlock(ctx: AppContext, actor: Actor, password: string) {
  await verifyOwnPassword(ctx, actor, password, {
    event: 'auth',
    action: 'unlock',
    reason: 'to change device/gateway IDs',
  });
  const expiresAt = new Date(Date.now() + unlockLifetimeMs);
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

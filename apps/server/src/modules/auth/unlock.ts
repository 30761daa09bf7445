import type { AppContext } from '../../context.js';
import { AppError, ThrottledError } from '../../errors.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import { verifyPassword } from '../../lib/secrets.js';
import * as audit from '../audit/index.js';
import * as repo from './repo.js';
import * as throttle from './throttle.js';

/** How long a verified password lets its session change device and gateway IDs. */
export const unlockLifetimeMs = 10 * 60_000;
/** The audience of unlock tokens: a link-signer token, never mistaken for a session. */
const unlockAudience = 'unlock';

/**
 * Failed checks are counted per person and client in the sign-in throttle, under a key no email
 * can take (emails always have an @): guesses slow down that client's checks, never signing in,
 * and never the person's own checks from elsewhere.
 */
const throttleKey = (actor: Actor) => throttle.throttleKey(`unlock:${actor.userId}`, actor.ip);

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
 * and, after five from one client, that client waits (429) longer after each further one.
 */
export async function verifyOwnPassword(
  ctx: AppContext,
  actor: Actor,
  password: string,
  purpose: PasswordPurpose,
): Promise<void> {
  const { db } = ctx;
  const now = new Date();
  const key = throttleKey(actor);
  const entry = { event: purpose.event, action: purpose.action };
  const wait = await throttle.waitSeconds(db, key, now);
  if (wait > 0) {
    await audit.recordAlone(db, subjectOf(actor), {
      ...entry,
      result: 'failure',
      information: `Password check refused for ${actor.email} ${purpose.reason}: too many wrong passwords`,
    });
    throw new ThrottledError('tooManyUnlockAttempts', wait);
  }
  const passwordHash = await repo.passwordHashOf(db, actor.userId);
  const matches = passwordHash !== null && (await verifyPassword(passwordHash, password));
  await db.transaction(async (tx) => {
    if (matches) await throttle.clearFailures(tx, key);
    else await throttle.recordFailure(tx, key, now);
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

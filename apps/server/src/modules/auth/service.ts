import type { LoginBody, Session } from '@vigil/contracts';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, ThrottledError } from '../../errors.js';
import type { Actor, AuditSubject } from '../../lib/actor.js';
import { subjectOf } from '../../lib/actor.js';
import { burnPasswordCheck, hashPassword, sha256, verifyPassword } from '../../lib/secrets.js';
import * as audit from '../audit/index.js';
import * as repo from './repo.js';
import * as throttle from './throttle.js';
import { requireStrongPassword } from '../../lib/password-strength.js';
import { hourMs } from '../../lib/durations.js';

type RequestInfo = { ip: string | null; userAgent: string | null };

const anonymous = (ip: string | null, email: string | null = null): AuditSubject => ({
  userId: null,
  email,
  accountId: null,
  accountName: null,
  ip,
});

type LoginUser = NonNullable<Awaited<ReturnType<typeof repo.findUserForLogin>>>;
type LoginAttempt = { key: string; subject: AuditSubject; now: Date };

/** Refuses, audited, a sign-in while the email and address wait out their failed attempts. */
async function refuseThrottled(
  db: AppContext['db'],
  body: LoginBody,
  request: RequestInfo,
  wait: number,
): Promise<never> {
  await audit.recordAlone(db, anonymous(request.ip, body.email), {
    event: 'auth',
    action: 'login',
    result: 'failure',
    information: `Sign-in refused for ${body.email}: too many failed attempts from ${request.ip ?? 'an unknown address'}`,
  });
  throw new ThrottledError('tooManyLoginAttempts', wait);
}

/** Why a user with the right credentials may not sign in, if they may not. */
function accountRefusal(user: LoginUser): { reason: string; error: AppError } | undefined {
  if (user.accountStatus === 'disabled') {
    return {
      reason: `Sign-in refused for ${user.email}: account disabled`,
      error: new AppError(403, 'accountDisabled'),
    };
  }
  if (!user.isActivated || !user.emailConfirmedAt) {
    return {
      reason: `Sign-in refused for ${user.email}: email not confirmed`,
      error: new AppError(403, 'emailNotConfirmed'),
    };
  }
  return undefined;
}

/** Records the refusal (and, for wrong credentials, the failed attempt), then throws it. */
async function refuse(
  db: AppContext['db'],
  attempt: LoginAttempt,
  reason: string,
  error: AppError,
): Promise<never> {
  await db.transaction(async (tx) => {
    if (error.code === 'invalidCredentials') {
      await throttle.recordFailure(tx, attempt.key, attempt.now);
    }
    await audit.record(tx, attempt.subject, {
      event: 'auth',
      action: 'login',
      result: 'failure',
      information: reason,
    });
  });
  throw error;
}

async function openSession(
  ctx: AppContext,
  user: LoginUser,
  request: RequestInfo,
  attempt: LoginAttempt,
): Promise<Session> {
  const expiresAt = new Date(attempt.now.getTime() + ctx.config.sessionHours * hourMs);
  const sessionId = await ctx.db.transaction(async (tx) => {
    const id = await repo.insertSession(tx, { userId: user.id, ...request, expiresAt });
    await throttle.clearFailures(tx, attempt.key);
    await audit.record(tx, attempt.subject, {
      event: 'auth',
      action: 'login',
      information: `${user.email} signed in`,
    });
    return id;
  });
  const jwt = await ctx.tokens.sign({ userId: user.id, sessionId, role: user.role }, expiresAt);
  return { jwt, sessionId, email: user.email, role: user.role, userId: user.id };
}

export async function login(
  ctx: AppContext,
  body: LoginBody,
  request: RequestInfo,
): Promise<Session> {
  const { db } = ctx;
  const now = new Date();
  const key = throttle.throttleKey(body.email, request.ip);
  const wait = await throttle.waitSeconds(db, key, now);
  if (wait > 0) return refuseThrottled(db, body, request, wait);
  const user = await repo.findUserForLogin(db, body.email);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, body.password)
    : (await burnPasswordCheck(body.password), false);
  const subject: AuditSubject = user
    ? {
        userId: user.id,
        email: user.email,
        accountId: user.accountId,
        accountName: user.accountName,
        ip: request.ip,
      }
    : anonymous(request.ip, body.email);
  const attempt = { key, subject, now };
  if (!user || !passwordOk) {
    return refuse(
      db,
      attempt,
      `Failed sign-in for ${body.email}: wrong email or password`,
      new AppError(401, 'invalidCredentials'),
    );
  }
  const refusal = accountRefusal(user);
  if (refusal) return refuse(db, attempt, refusal.reason, refusal.error);
  return openSession(ctx, user, request, attempt);
}

export async function logout(ctx: AppContext, actor: Actor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.revokeSession(tx, actor.sessionId, new Date());
    await audit.record(tx, subjectOf(actor), {
      event: 'auth',
      action: 'logout',
      information: `${actor.email} signed out`,
    });
  });
  ctx.realtime.endSession(actor.sessionId);
}

export async function confirmEmail(
  ctx: AppContext,
  emailToken: string,
  ip: string | null,
): Promise<void> {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const token = await repo.findUsableToken(tx, sha256(emailToken), ['confirm'], now);
    if (!token || !(await repo.useToken(tx, token.tokenId, now))) throw badRequest('tokenInvalid');
    await repo.confirmEmail(tx, token.userId, now);
    await audit.record(
      tx,
      {
        userId: token.userId,
        email: token.email,
        accountId: token.accountId,
        accountName: token.accountName,
        ip,
      },
      {
        event: 'auth',
        action: 'confirm',
        information: `${token.email} confirmed their email address`,
      },
    );
  });
}

export async function checkResetToken(ctx: AppContext, token: string) {
  const row = await repo.findUsableToken(ctx.db, sha256(token), ['reset', 'invite'], new Date());
  if (!row) throw badRequest('tokenInvalid');
  return { email: row.email, purpose: row.purpose as 'reset' | 'invite' };
}

/** Sets the password from a reset or invitation link; every session of the user ends. */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  ip: string | null,
) {
  const now = new Date();
  const holder = await repo.findUsableToken(ctx.db, sha256(token), ['reset', 'invite'], now);
  if (!holder) throw badRequest('tokenInvalid');
  await requireStrongPassword(password, holder);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findUsableToken(tx, sha256(token), ['reset', 'invite'], now);
    if (!row || !(await repo.useToken(tx, row.tokenId, now))) throw badRequest('tokenInvalid');
    await repo.setPassword(tx, row.userId, passwordHash, true, now);
    await repo.revokeUserSessions(tx, row.userId, now);
    await audit.record(
      tx,
      {
        userId: row.userId,
        email: row.email,
        accountId: row.accountId,
        accountName: row.accountName,
        ip,
      },
      {
        event: 'auth',
        action: row.purpose === 'invite' ? 'activate' : 'reset',
        information:
          row.purpose === 'invite'
            ? `${row.email} accepted the invitation and set a password`
            : `${row.email} reset their password`,
      },
    );
  });
}

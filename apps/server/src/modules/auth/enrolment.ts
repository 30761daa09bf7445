import type { JobData, JobPayload, signupBody } from '@vigil/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';
import { defineJobHandlers, type JobHandlers } from '../../jobs/worker.js';
import type { AuditSubject } from '../../lib/actor.js';
import { hashPassword } from '../../lib/secrets.js';
import { requireStrongPassword } from '../../lib/password-strength.js';
import { insertAccount } from '../accounts/index.js';
import * as audit from '../audit/index.js';
import { authMail, findUserByEmail, insertUser, issueTokenMail } from '../users/index.js';

/**
 * Sign-up and forgot-password answer the same, in the same time, whether or not the email has
 * an account (issue 18): the request checks only what the body says, then queues one job; the
 * worker looks the email up and does what fits. What differs happens after the reply.
 */
export const signupJob = 'auth.signup';
export const forgotJob = 'auth.forgot';

export async function signup(
  ctx: AppContext,
  body: z.output<typeof signupBody>,
  ip: string | null,
): Promise<void> {
  await requireStrongPassword(body.password, body);
  const payload: JobPayload<typeof signupJob> = {
    name: body.name,
    email: body.email,
    passwordHash: await hashPassword(body.password),
    companyName: body.companyName,
    countryCode: body.countryCode,
    phoneNumber: body.phoneNumber,
    language: body.language,
    ip,
  };
  await enqueue(ctx.db, signupJob, payload, { maxAttempts: 10 });
  ctx.jobsEnqueued();
}

export async function forgotPassword(ctx: AppContext, email: string, ip: string | null) {
  await enqueue(ctx.db, forgotJob, { email, ip }, { maxAttempts: 10 });
  ctx.jobsEnqueued();
}

type Deps = { db: Db; publicUrl: () => string };

const subjectOf = (
  user: { id: string; email: string; accountId: string | null; accountName: string | null },
  ip: string | null,
): AuditSubject => ({
  userId: user.id,
  email: user.email,
  accountId: user.accountId,
  accountName: user.accountName,
  ip,
});

/** A new account and its owner with a confirmation mail; an existing email's owner is told instead. */
async function completeSignup(deps: Deps, payload: JobData<typeof signupJob>) {
  await deps.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, payload.email);
    if (existing) {
      const link = `${deps.publicUrl()}/forgot`;
      const mail = authMail('signupAttempt', existing.language, existing.email, link, existing);
      await enqueue(tx, 'mail.send', mail, { maxAttempts: 10 });
      await audit.record(tx, subjectOf(existing, payload.ip), {
        event: 'account',
        action: 'signup',
        result: 'failure',
        information: `Sign-up refused for ${existing.email}: the email already has an account; its owner was told by mail`,
      });
      return;
    }
    const account = await insertAccount(tx, {
      companyName: payload.companyName,
      email: payload.email,
      countryCode: payload.countryCode,
      phoneNumber: payload.phoneNumber,
    });
    const user = await insertUser(tx, {
      accountId: account.id,
      parentId: null,
      name: payload.name,
      email: payload.email,
      passwordHash: payload.passwordHash,
      role: 'super_user',
      countryCode: payload.countryCode,
      phoneNumber: payload.phoneNumber,
      usr: '',
      language: payload.language,
      isActivated: false,
    });
    await issueTokenMail(deps, tx, 'confirm', user);
    await audit.record(tx, subjectOf({ ...user, accountName: account.companyName }, payload.ip), {
      event: 'account',
      action: 'signup',
      information: `Account "${account.companyName}" created by ${user.email}`,
    });
  });
}

/** A reset link for a known email; nothing at all for an unknown one. */
async function completeForgot(deps: Deps, payload: JobData<typeof forgotJob>) {
  const user = await findUserByEmail(deps.db, payload.email);
  if (!user) return;
  await deps.db.transaction(async (tx) => {
    await issueTokenMail(deps, tx, 'reset', user);
    await audit.record(tx, subjectOf(user, payload.ip), {
      event: 'auth',
      action: 'forgot',
      information: `Password reset requested for ${user.email}`,
    });
  });
}

export function enrolmentJobHandlers(deps: Deps): JobHandlers {
  return defineJobHandlers({
    [signupJob]: (payload) => completeSignup(deps, payload),
    [forgotJob]: (payload) => completeForgot(deps, payload),
  });
}

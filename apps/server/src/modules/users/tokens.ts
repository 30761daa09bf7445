/**
 * A user's single-use tokens (e-mail confirmation, password reset, invitation): issued here with
 * their mail; redeemed by the auth module (`modules/auth`).
 */
import type { Language } from '@vigil/contracts';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';
import { dayMs, hourMs } from '../../lib/durations.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { authMail, type TokenMailKind } from './mails.js';
import * as tokensRepo from './tokens-repo.js';

const tokenLifetimeMs = { confirm: 2 * dayMs, reset: hourMs, invite: 7 * dayMs } as const;

/** Issues a single-use token for `kind` and enqueues its mail, in the caller's transaction. */
export async function issueTokenMail(
  ctx: Pick<AppContext, 'publicUrl'>,
  tx: Executor,
  kind: TokenMailKind,
  user: { id: string; email: string; name: string; language: Language },
  extra: { inviter?: string; company?: string } = {},
): Promise<void> {
  const now = new Date();
  const token = randomToken();
  await tokensRepo.expireTokens(tx, user.id, kind, now);
  await tokensRepo.insertToken(tx, {
    userId: user.id,
    purpose: kind,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + tokenLifetimeMs[kind]),
  });
  const path = kind === 'confirm' ? `/auth/confirm/${token}` : `/auth/forgot/${token}`;
  const mail = authMail(kind, user.language, user.email, `${ctx.publicUrl()}${path}`, {
    name: user.name,
    ...extra,
  });
  await enqueue(tx, 'mail.send', mail, { maxAttempts: 10 });
}

import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { TokenSigner } from '../../lib/jwt.js';
import { findActiveSession } from './repo.js';

/**
 * The actor a bearer token stands for: a valid, unexpired JWT naming a session that is neither
 * revoked nor expired, of a user whose account is active. Undefined for anything else. HTTP
 * requests (the guard) and socket handshakes (realtime) authenticate through this one function.
 */
export async function actorOfToken(
  deps: { db: Executor; tokens: TokenSigner },
  token: string | undefined,
  ip: string | null,
): Promise<Actor | undefined> {
  if (token === undefined || token === '' || token === 'undefined') return undefined;
  const claims = await deps.tokens.verify(token);
  if (!claims) return undefined;
  const row = await findActiveSession(deps.db, claims.sessionId, new Date());
  if (row?.userId !== claims.userId) return undefined;
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    email: row.email,
    name: row.name,
    role: row.role,
    accountId: row.accountId,
    accountName: row.accountName,
    language: row.language,
    ip,
  };
}

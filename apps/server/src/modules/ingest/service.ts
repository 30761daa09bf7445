import type { UpMessage } from '@vigil/contracts';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../errors.js';
import { sha256 } from '../../lib/secrets.js';
import * as repo from './repo.js';

/** `last_used_at` is written at most this often per key: a busy key must not cost a write per call. */
const keyUseRecordedEveryMs = 60_000;

/** When each API key's use was last written, for one app (its routes make one). */
export type KeyUses = Map<string, number>;

/** The account of a valid, unrevoked API key of an active account; 401 otherwise. */
async function accountOfKey(
  ctx: AppContext,
  recorded: KeyUses,
  key: string | undefined,
): Promise<string> {
  const row = key ? await repo.findActiveKey(ctx.db, sha256(key)) : undefined;
  if (row?.accountStatus !== 'active') throw new AppError(401, 'apiKeyInvalid');
  const now = Date.now();
  if (now - (recorded.get(row.id) ?? 0) >= keyUseRecordedEveryMs) {
    recorded.set(row.id, now);
    await repo.markKeyUsed(ctx.db, row.id, new Date(now));
  }
  return row.accountId;
}

/**
 * The gateway `up` payload over HTTP, for the key's account's devices only. Replies once the
 * readings are durable; readings of devices outside the account are counted, never stored.
 */
export async function ingest(
  ctx: AppContext,
  keyUses: KeyUses,
  key: string | undefined,
  body: UpMessage,
) {
  const accountId = await accountOfKey(ctx, keyUses, key);
  const outcome = await ctx.ingest.pipeline.ingestHttp(accountId, body);
  if ('ok' in outcome) throw badRequest('payloadInvalid', outcome.detail.split(':')[0]);
  return outcome;
}

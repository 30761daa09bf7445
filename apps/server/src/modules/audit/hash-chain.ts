import { createHash } from 'node:crypto';

/** The hash a chain starts from. */
export const genesisHash = '0'.repeat(64);

/** The fields of an audit entry that its hash covers: everything but its row id and the hash itself. */
export type ChainedFields = {
  chain: string;
  seq: number;
  prevHash: string;
  accountId: string | null;
  accountName: string | null;
  userId: string | null;
  userEmail: string | null;
  event: string;
  action: string;
  result: 'success' | 'failure';
  information: string;
  ip: string | null;
  createdAt: Date;
};

export function hashEntry(entry: ChainedFields): string {
  const canonical = JSON.stringify([
    entry.chain,
    entry.seq,
    entry.prevHash,
    entry.accountId,
    entry.accountName,
    entry.userId,
    entry.userEmail,
    entry.event,
    entry.action,
    entry.result,
    entry.information,
    entry.ip,
    entry.createdAt.toISOString(),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export type StoredEntry = ChainedFields & { id: number; hash: string };
export type BrokenLink = { seq: number; id: number; reason: string };

/**
 * Checks one stretch of a chain, in seq order, continuing from the link before it.
 * Returns the first broken link, or the last good link to continue from.
 */
export function verifyLinks(
  entries: readonly StoredEntry[],
  previous: { seq: number; hash: string },
): { broken: BrokenLink } | { last: { seq: number; hash: string } } {
  let last = previous;
  for (const entry of entries) {
    if (entry.seq !== last.seq + 1) {
      return {
        broken: {
          seq: entry.seq,
          id: entry.id,
          reason: `expected seq ${last.seq + 1}, found ${entry.seq}`,
        },
      };
    }
    if (entry.prevHash !== last.hash) {
      return { broken: { seq: entry.seq, id: entry.id, reason: 'previous hash does not match' } };
    }
    if (hashEntry(entry) !== entry.hash) {
      return {
        broken: { seq: entry.seq, id: entry.id, reason: 'entry was altered (hash mismatch)' },
      };
    }
    last = { seq: entry.seq, hash: entry.hash };
  }
  return { last };
}

import type { AuditEntry, AuditQuery, AuditVerifyResult } from '@vigil/contracts';
import type { Db, Tx } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import type { AuditSubject } from '../../lib/actor.js';
import { allAccounts, inAccount, type AccountScope, type Scope } from '../../lib/scope.js';
import { genesisHash, hashEntry, verifyLinks } from './hash-chain.js';
import * as repo from './repo.js';

export type AuditRecord = {
  event: string;
  action: string;
  information: string;
  result?: 'success' | 'failure';
};

/**
 * Appends an entry to the subject's account chain inside the caller's transaction,
 * so the entry exists exactly when the change it describes does.
 */
export async function record(tx: Tx, subject: AuditSubject, entry: AuditRecord): Promise<void> {
  const chain = subject.accountId ?? 'platform';
  const head = await repo.lockChainHead(tx, chain);
  const fields = {
    chain,
    seq: head.seq + 1,
    prevHash: head.hash,
    accountId: subject.accountId,
    accountName: subject.accountName,
    userId: subject.userId,
    userEmail: subject.email,
    event: entry.event,
    action: entry.action,
    result: entry.result ?? 'success',
    information: entry.information,
    ip: subject.ip,
    createdAt: new Date(),
  };
  await repo.appendEntry(tx, { ...fields, hash: hashEntry(fields) });
}

/** Records an entry in a transaction of its own (sign-in attempts, which change nothing else). */
export function recordAlone(db: Db, subject: AuditSubject, entry: AuditRecord): Promise<void> {
  return db.transaction((tx) => record(tx, subject, entry));
}

function decodeCursor(token: string | undefined): number | undefined {
  if (token === undefined) return undefined;
  const id = Number(Buffer.from(token, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(id) || id < 1) throw badRequest('invalidRequest', 'nextToken');
  return id;
}

export async function list(db: Db, scope: Scope, query: AuditQuery & { limit: number }) {
  const rows = await repo.findEntries(
    db,
    {
      // An owner sees their own account whatever `accountId` says; the platform any, or one.
      scope:
        scope.kind === 'account'
          ? scope
          : query.accountId === undefined
            ? allAccounts
            : inAccount(query.accountId),
      event: query.event,
      action: query.action,
      from: query.startDate === undefined ? undefined : new Date(query.startDate),
      to: query.endDate === undefined ? undefined : new Date(query.endDate),
      search: query.search,
      beforeId: decodeCursor(query.nextToken),
    },
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const list: AuditEntry[] = page.map((row) => ({
    id: String(row.id),
    account: row.accountName,
    accountId: row.accountId,
    user: row.userEmail,
    event: row.event,
    action: row.action,
    result: row.result,
    message: row.information,
    time: row.createdAt.toISOString(),
  }));
  const nextToken =
    rows.length > query.limit && last ? Buffer.from(String(last.id)).toString('base64url') : null;
  return { list, nextToken };
}

export function facets(db: Db, scope: Scope) {
  return repo.distinctFacets(db, scope);
}

const verifyPageSize = 2000;

/** Walks every chain (or one account's) from its genesis and reports the first broken link. */
export async function verify(db: Db, scope: AccountScope): Promise<AuditVerifyResult> {
  const heads = new Map((await repo.chainHeads(db, scope)).map((head) => [head.chain, head]));
  const chains = scope.kind === 'platform' ? await repo.allChains(db) : [scope.accountId];
  let entries = 0;
  const broken = (chain: string, seq: number, id: string, reason: string): AuditVerifyResult => ({
    chains: chains.length,
    entries,
    ok: false,
    firstBroken: { chain, seq, id, reason },
  });
  for (const chain of chains) {
    let last = { seq: 0, hash: genesisHash };
    for (;;) {
      const page = await repo.chainPage(db, chain, last.seq, verifyPageSize);
      const outcome = verifyLinks(page, last);
      if ('broken' in outcome) {
        const { seq, id, reason } = outcome.broken;
        return broken(chain, seq, String(id), reason);
      }
      entries += page.length;
      last = outcome.last;
      if (page.length < verifyPageSize) break;
    }
    const head = heads.get(chain) ?? { seq: 0, hash: genesisHash };
    if (last.seq !== head.seq || last.hash !== head.hash) {
      return broken(
        chain,
        last.seq + 1,
        '',
        `chain ends at seq ${last.seq} but its head records seq ${head.seq} (entries removed)`,
      );
    }
  }
  return { chains: chains.length, entries, ok: true, firstBroken: null };
}

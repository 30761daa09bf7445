import { describe, expect, it } from 'vitest';
import {
  genesisHash,
  hashEntry,
  verifyLinks,
  type StoredEntry,
} from '../../src/modules/audit/hash-chain.js';

function chain(length: number): StoredEntry[] {
  const entries: StoredEntry[] = [];
  let prevHash = genesisHash;
  for (let seq = 1; seq <= length; seq += 1) {
    const fields = {
      chain: 'acct',
      seq,
      prevHash,
      accountId: '00000000-0000-4000-8000-000000000001',
      accountName: 'Lab',
      userId: null,
      userEmail: 'a@b.example',
      event: 'user',
      action: 'update',
      result: 'success' as const,
      information: `change ${seq}`,
      ip: '127.0.0.1',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, seq)),
    };
    const hash = hashEntry(fields);
    entries.push({ ...fields, id: seq * 10, hash });
    prevHash = hash;
  }
  return entries;
}

describe('the audit hash chain', () => {
  it('hashes deterministically and differently for any changed field', () => {
    const [entry] = chain(1);
    expect(hashEntry(entry!)).toBe(entry!.hash);
    expect(hashEntry({ ...entry!, information: 'change 2' })).not.toBe(entry!.hash);
    expect(hashEntry({ ...entry!, createdAt: new Date(entry!.createdAt.getTime() + 1) })).not.toBe(
      entry!.hash,
    );
    expect(hashEntry({ ...entry!, result: 'failure' })).not.toBe(entry!.hash);
  });

  it('accepts an intact chain and returns its last link', () => {
    const entries = chain(5);
    expect(verifyLinks(entries, { seq: 0, hash: genesisHash })).toEqual({
      last: { seq: 5, hash: entries[4]!.hash },
    });
  });

  it('verifies a chain in pages', () => {
    const entries = chain(6);
    const first = verifyLinks(entries.slice(0, 3), { seq: 0, hash: genesisHash });
    expect('last' in first).toBe(true);
    if ('last' in first)
      expect(verifyLinks(entries.slice(3), first.last)).toEqual({
        last: { seq: 6, hash: entries[5]!.hash },
      });
  });

  it.each([
    [
      'an altered entry',
      (e: StoredEntry[]) => {
        e[2] = { ...e[2]!, information: 'forged' };
      },
      3,
      'entry was altered (hash mismatch)',
    ],
    [
      'a removed entry',
      (e: StoredEntry[]) => {
        e.splice(2, 1);
      },
      4,
      'expected seq 3, found 4',
    ],
    [
      'a relinked entry',
      (e: StoredEntry[]) => {
        e[3] = { ...e[3]!, prevHash: genesisHash };
      },
      4,
      'previous hash does not match',
    ],
    [
      'a recomputed forgery',
      (e: StoredEntry[]) => {
        const forged = { ...e[1]!, information: 'forged' };
        e[1] = { ...forged, hash: hashEntry(forged) };
      },
      3,
      'previous hash does not match',
    ],
  ])('reports the first broken link for %s', (_name, tamper, seq, reason) => {
    const entries = chain(5);
    tamper(entries);
    const outcome = verifyLinks(entries, { seq: 0, hash: genesisHash });
    expect(outcome).toEqual({ broken: expect.objectContaining({ seq, reason }) });
  });
});

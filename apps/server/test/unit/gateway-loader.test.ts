import { describe, expect, it } from 'vitest';
import { createGatewayLoader, TtlCache } from '../../src/ingest/directory.js';
import type { GatewayRecord } from '../../src/ingest/repo.js';

const record = (gatewayId: string, accountActive = true): GatewayRecord => ({
  id: `row-${gatewayId}`,
  gatewayId,
  accountId: 'acc',
  secretHash: null,
  accountActive,
});

/** A lookup that answers when told to, recording what it was asked. */
function fakeFind() {
  const queries: string[] = [];
  const answers: (() => void)[] = [];
  let active = true;
  const find = (gatewayId: string) => {
    queries.push(gatewayId);
    const state = active;
    return new Promise<GatewayRecord | undefined>((resolve) => {
      answers.push(() => {
        resolve(gatewayId.startsWith('gw') ? record(gatewayId, state) : undefined);
      });
    });
  };
  const answerAll = () => {
    for (const answer of answers.splice(0)) answer();
  };
  const disable = () => {
    active = false;
  };
  return { find, queries, answerAll, disable };
}

describe('gateway lookups across messages', () => {
  it('asks once for a gateway whose many messages miss the cache together (bench:load)', async () => {
    const lookup = fakeFind();
    const loader = createGatewayLoader(lookup.find, new TtlCache<GatewayRecord>());
    // A gateway's window of messages arrives while its entry is missing or expired.
    const messages = Array.from({ length: 16 }, () => loader.load('gw-1'));
    const other = [loader.load('gw-2'), loader.load('nobody'), loader.load('nobody')];
    expect(lookup.queries).toEqual(['gw-1', 'gw-2', 'nobody']);
    lookup.answerAll();
    expect(new Set((await Promise.all(messages)).map((row) => row?.id))).toEqual(
      new Set(['row-gw-1']),
    );
    expect((await Promise.all(other)).map((row) => row?.id)).toEqual([
      'row-gw-2',
      undefined,
      undefined,
    ]);
    // Answered: cached, unknown gateways too (briefly).
    expect((await loader.load('gw-1'))?.id).toBe('row-gw-1');
    expect(await loader.load('nobody')).toBeUndefined();
    expect(lookup.queries).toEqual(['gw-1', 'gw-2', 'nobody']);
  });

  it('reads a forgotten gateway afresh, even while an older lookup is in flight', async () => {
    const lookup = fakeFind();
    const loader = createGatewayLoader(lookup.find, new TtlCache<GatewayRecord>());
    const before = loader.load('gw-1');
    // The account is disabled meanwhile: the service forgets the gateway.
    lookup.disable();
    loader.forget('gw-1');
    const after = loader.load('gw-1');
    expect(lookup.queries).toEqual(['gw-1', 'gw-1']);
    lookup.answerAll();
    expect((await before)?.accountActive).toBe(true);
    expect((await after)?.accountActive).toBe(false);
    // The older answer was not cached over the newer one.
    expect((await loader.load('gw-1'))?.accountActive).toBe(false);
    expect(lookup.queries).toHaveLength(2);
  });

  it('rejects the waiting messages when the query fails, and asks again next time', async () => {
    let fail = true;
    const queries: string[] = [];
    const loader = createGatewayLoader((gatewayId) => {
      queries.push(gatewayId);
      return fail ? Promise.reject(new Error('database down')) : Promise.resolve(record(gatewayId));
    }, new TtlCache<GatewayRecord>());
    const waiting = [loader.load('gw-1'), loader.load('gw-1')];
    await expect(Promise.all(waiting)).rejects.toThrow('database down');
    await Promise.allSettled(waiting);
    fail = false;
    expect((await loader.load('gw-1'))?.id).toBe('row-gw-1');
    expect(queries).toEqual(['gw-1', 'gw-1']);
  });
});

import { describe, expect, it } from 'vitest';
import { createDeviceLoader, TtlCache } from '../../src/ingest/directory.js';
import type { DeviceRecord } from '../../src/ingest/repo.js';

const record = (deviceId: string): DeviceRecord => ({
  id: `row-${deviceId}`,
  deviceId,
  accountId: 'acc',
  accountActive: true,
  latestTsMs: null,
});

/** A lookup that answers when told to, recording what it was asked. */
function fakeFind(registered: string[]) {
  const queries: string[][] = [];
  const answers: (() => void)[] = [];
  const find = (ids: string[]) => {
    queries.push(ids);
    return new Promise<DeviceRecord[]>((resolve) => {
      answers.push(() => {
        resolve(ids.filter((id) => registered.includes(id)).map(record));
      });
    });
  };
  const answerAll = () => {
    for (const answer of answers.splice(0)) answer();
  };
  return { find, queries, answerAll };
}

describe('device lookups across messages', () => {
  it('asks for the devices of many messages in few queries, and each id once', async () => {
    const lookup = fakeFind(['a', 'b', 'c', 'd']);
    const cache = new TtlCache<DeviceRecord>();
    const loader = createDeviceLoader(lookup.find, cache);
    // Two messages in the same turn: one query.
    const first = [loader.load('a'), loader.load('b')];
    await new Promise((resolve) => setImmediate(resolve));
    expect(lookup.queries).toEqual([['a', 'b']]);
    // Asked while that query is in flight: 'a' waits for it, the others share the next query.
    const second = [loader.load('a'), loader.load('c'), loader.load('x')];
    await new Promise((resolve) => setImmediate(resolve));
    expect(lookup.queries).toEqual([
      ['a', 'b'],
      ['c', 'x'],
    ]);
    const third = [loader.load('d')];
    await new Promise((resolve) => setImmediate(resolve));
    // Two queries in flight at most: 'd' waits for one of them to answer.
    expect(lookup.queries).toHaveLength(2);
    lookup.answerAll();
    expect((await Promise.all(first)).map((row) => row?.id)).toEqual(['row-a', 'row-b']);
    expect((await Promise.all(second)).map((row) => row?.id)).toEqual([
      'row-a',
      'row-c',
      undefined,
    ]);
    expect(lookup.queries).toEqual([['a', 'b'], ['c', 'x'], ['d']]);
    lookup.answerAll();
    expect((await Promise.all(third))[0]?.id).toBe('row-d');
    // Answers are cached, unknown ids too (briefly).
    expect(cache.get('a', Date.now())?.id).toBe('row-a');
    expect(cache.get('x', Date.now())).toBeNull();
  });

  it('rejects the waiting messages when the query fails, and asks again next time', async () => {
    let fail = true;
    const queries: string[][] = [];
    const loader = createDeviceLoader((ids) => {
      queries.push(ids);
      return fail ? Promise.reject(new Error('database down')) : Promise.resolve(ids.map(record));
    }, new TtlCache<DeviceRecord>());
    await expect(loader.load('a')).rejects.toThrow('database down');
    fail = false;
    expect((await loader.load('a'))?.id).toBe('row-a');
    expect(queries).toEqual([['a'], ['a']]);
  });
});

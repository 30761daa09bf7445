import { describe, expect, it } from 'vitest';
import { createArrivalOrder } from '../../src/ingest/arrival-order.js';

/** A message's work: it waits on `lookup` (a cache or the database), then takes its turn. */
async function handle(
  turn: ReturnType<ReturnType<typeof createArrivalOrder>>,
  lookup: Promise<void>,
  written: string[],
  name: string,
) {
  await lookup;
  await turn.ready;
  written.push(name);
  turn.pass();
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('arrival order', () => {
  it('hands a gateway’s messages over in arrival order whatever their lookups take', async () => {
    const arrive = createArrivalOrder();
    const written: string[] = [];
    const slow = deferred();
    const first = handle(arrive('gw'), slow.promise, written, 'first');
    const second = handle(arrive('gw'), Promise.resolve(), written, 'second');
    const other = handle(arrive('other'), Promise.resolve(), written, 'other gateway');
    await other;
    // The second's lookup answered first, yet it waits for the first.
    expect(written).toEqual(['other gateway']);
    slow.resolve();
    await Promise.all([first, second]);
    expect(written).toEqual(['other gateway', 'first', 'second']);
  });

  it('lets a message that passes early (refused) open the next only after those before it', async () => {
    const arrive = createArrivalOrder();
    const written: string[] = [];
    const slow = deferred();
    const first = handle(arrive('gw'), slow.promise, written, 'first');
    arrive('gw').pass();
    const third = handle(arrive('gw'), Promise.resolve(), written, 'third');
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([]);
    slow.resolve();
    await Promise.all([first, third]);
    expect(written).toEqual(['first', 'third']);
  });

  it('passes a turn twice without harm and starts afresh once all have passed', async () => {
    const arrive = createArrivalOrder();
    const turn = arrive('gw');
    turn.pass();
    turn.pass();
    await turn.ready;
    const next = arrive('gw');
    await next.ready;
    next.pass();
  });
});

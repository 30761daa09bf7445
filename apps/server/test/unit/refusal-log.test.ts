import { afterEach, describe, expect, it } from 'vitest';
import { createRefusalLog, type Refusal, type RefusalLog } from '../../src/ingest/refusal-log.js';

let clock = 0;
let lines: string[] = [];
let log: RefusalLog;
const start = () => {
  clock = 1_000_000;
  lines = [];
  log = createRefusalLog({
    write: (refusal, line) => {
      lines.push(`${refusal.source} ${line}`);
      return Promise.resolve();
    },
    now: () => clock,
  });
};
afterEach(async () => {
  await log.close();
});

const refusal = (source: string, reason: string, detail = 'x'): Refusal => ({
  source,
  accountId: null,
  kind: 'up',
  reason,
  detail,
});

describe('the refusal log', () => {
  it('writes a steady flood of one gateway and reason as one line a minute with the count', async () => {
    start();
    // 10,000 refusals over 100 seconds (the timer sweeping every second), then 30 quiet
    // seconds, one more, and another minute.
    for (let i = 0; i < 10_000; i++) {
      clock += 10;
      await log.note(refusal('gw-1', 'invalid_json', `message ${String(i)}`));
      if (i % 100 === 0) await log.sweep();
    }
    clock += 30_000;
    await log.sweep();
    await log.note(refusal('gw-1', 'invalid_json', 'late'));
    clock += 60_000;
    await log.sweep();
    expect(lines).toEqual([
      'gw-1 rejected a message on up: invalid json (message 0)',
      'gw-1 rejected 5,999 more messages on up in the last minute: invalid json (last: message 5999)',
      'gw-1 rejected 4,000 more messages on up in the last minute: invalid json (last: message 9999)',
      'gw-1 rejected 1 more message on up in the last minute: invalid json (last: late)',
    ]);
    // A quiet minute closes the window: the next refusal is written at once again.
    clock += 60_000;
    await log.sweep();
    await log.note(refusal('gw-1', 'invalid_json', 'next day'));
    expect(lines.at(-1)).toBe('gw-1 rejected a message on up: invalid json (next day)');
  });

  it('keeps gateways and reasons apart, and writes what is pending on close', async () => {
    start();
    for (const source of ['gw-1', 'gw-2']) {
      for (const reason of ['schema', 'timestamp_too_old']) {
        await log.note(refusal(source, reason));
        await log.note(refusal(source, reason, 'again'));
      }
    }
    expect(lines).toHaveLength(4);
    await log.close();
    expect(lines.slice(4)).toEqual([
      'gw-1 rejected 1 more message on up in the last minute: schema (last: again)',
      'gw-1 rejected 1 more message on up in the last minute: timestamp too old (last: again)',
      'gw-2 rejected 1 more message on up in the last minute: schema (last: again)',
      'gw-2 rejected 1 more message on up in the last minute: timestamp too old (last: again)',
    ]);
  });
});

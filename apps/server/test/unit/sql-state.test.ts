import { describe, expect, it } from 'vitest';
import { isUniqueViolation, sqlState } from '../../src/db/query.js';

/** How drizzle wraps a driver's error: the database's own error as the cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query'), { cause });

describe('sqlState', () => {
  it('reads the code of the error itself or of the error it wraps', () => {
    expect(sqlState(Object.assign(new Error('dup'), { code: '23505' }))).toBe('23505');
    expect(sqlState(wrapped(wrapped({ code: '22003' })))).toBe('22003');
    expect(isUniqueViolation(wrapped({ code: '23505' }))).toBe(true);
  });

  it('skips codes that are not a SQLSTATE on the way down', () => {
    const error = Object.assign(wrapped({ code: '40001' }), { code: 'ERR_QUERY' });
    expect(sqlState(error)).toBe('40001');
    expect(sqlState(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBeUndefined();
  });

  it('gives up on a chain deeper than a driver wraps, or a cycle', () => {
    expect(
      sqlState(wrapped(wrapped(wrapped(wrapped(wrapped({ code: '23505' })))))),
    ).toBeUndefined();
    const cycle: { cause?: unknown } = {};
    cycle.cause = cycle;
    expect(sqlState(cycle)).toBeUndefined();
    expect(isUniqueViolation(wrapped({ code: '23503' }))).toBe(false);
    expect(sqlState(undefined)).toBeUndefined();
  });
});

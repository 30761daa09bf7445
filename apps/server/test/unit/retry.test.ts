import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../src/jobs/queue.js';

describe('job retry backoff', () => {
  it.each([
    [1, 5_000],
    [2, 10_000],
    [3, 20_000],
    [8, 640_000],
    [12, 3_600_000],
    [40, 3_600_000],
  ])('after attempt %i waits %i ms', (attempts, delay) => {
    expect(retryDelayMs(attempts)).toBe(delay);
  });
});

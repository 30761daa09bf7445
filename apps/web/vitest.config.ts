import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // A hang guard, not a speed check: typing through jsdom is slow when the server suite
    // shares the machine's two cores (vitest's 5 s default times out there).
    testTimeout: 30_000,
  },
});

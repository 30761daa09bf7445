import { defineConfig } from 'vitest/config';

/**
 * Browser journeys against the built app (`npm run test:e2e` builds first), driven with
 * playwright-core in Debian's Chromium. One server for the run; journeys run one at a time
 * and each makes the data it changes (its own sign-ups), so none depends on another.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['helpers/server.ts'],
    fileParallelism: false,
    // Journeys visit many pages and check each with axe-core in both themes: minutes on a busy machine.
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});

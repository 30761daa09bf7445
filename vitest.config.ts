import { defineConfig } from 'vitest/config';

/** `npm test` runs every project: pure units, server integration on a real database, web components. */
export default defineConfig({
  test: {
    projects: [
      'packages/contracts/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/simulator/vitest.config.ts',
    ],
  },
});

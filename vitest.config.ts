import { defineConfig } from 'vitest/config';
import { databaseOnlyPass, testWorkers } from './tools/test-passes.js';

/**
 * `npm test` runs every project: pure units, server integration on a real database, web
 * components. A second pass on another database (`VIGIL_TEST_DATABASE_PASS=1`, as `.ci/run`'s
 * PostgreSQL pass sets) runs only what depends on the database: tools/test-passes.js.
 */
export default defineConfig({
  test: {
    maxWorkers: testWorkers,
    projects: databaseOnlyPass
      ? ['apps/server/vitest.config.ts', 'apps/server/vitest.isolated.config.ts']
      : [
          'packages/contracts/vitest.config.ts',
          'apps/server/vitest.config.ts',
          'apps/server/vitest.isolated.config.ts',
          'apps/web/vitest.config.ts',
          'apps/simulator/vitest.config.ts',
        ],
  },
});

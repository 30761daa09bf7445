import { configDefaults, defineProject } from 'vitest/config';
import { databaseIndependentServerFiles, databaseOnlyPass } from '../../tools/test-passes.js';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // A second pass on another database repeats only what depends on it (tools/test-passes.js).
    exclude: [
      ...configDefaults.exclude,
      ...(databaseOnlyPass ? databaseIndependentServerFiles : []),
    ],
    environment: 'node',
    globalSetup: ['test/helpers/global-setup.ts'],
    // Integration tests hash passwords (argon2id) and open databases: give them room.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/helpers/global-setup.ts'],
    // Integration tests hash passwords (argon2id) and open databases: give them room.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

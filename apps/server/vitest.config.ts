import { configDefaults, defineProject, type TestProjectInlineConfiguration } from 'vitest/config';
import {
  databaseIndependentServerFiles,
  databaseOnlyPass,
  isolatedServerFiles,
} from '../../tools/test-passes.js';

/** What the server's two projects share: this one and vitest.isolated.config.ts. */
export const serverTest: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  globalSetup: ['test/helpers/global-setup.ts'],
  // Integration tests hash passwords (argon2id) and open databases: give them room.
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/** A second pass on another database repeats only what depends on it (tools/test-passes.js). */
export const secondPassExclude = databaseOnlyPass ? databaseIndependentServerFiles : [];

export default defineProject({
  test: {
    ...serverTest,
    name: 'server',
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...isolatedServerFiles, ...secondPassExclude],
    // Each worker imports the server once and runs file after file: importing it (Fastify,
    // every route's schemas, PDFKit, MQTT, socket.io) cost more than most files' tests when every
    // file had a process of its own. Each file still gets its own database and app
    // (test/helpers/test-app.ts) and closes what it opens; nothing in src/ keeps state across
    // apps. The heavy and timing-sensitive files run apart: vitest.isolated.config.ts.
    isolate: false,
  },
});

import { configDefaults, defineProject } from 'vitest/config';
import {
  databaseIndependentServerFiles,
  databaseOnlyPass,
  testWorkers,
} from '../../tools/test-passes.js';

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
    // Each worker imports the server once and runs file after file: importing it (Fastify, every
    // route's schemas, PDFKit, jsdom, MQTT) took longer than the tests when every file had a
    // process of its own. Each file still gets its own database and app (test/helpers/test-app.ts)
    // and closes what it opens; nothing in src/ keeps state across apps.
    isolate: false,
    maxWorkers: testWorkers,
    // Integration tests hash passwords (argon2id) and open databases: give them room.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

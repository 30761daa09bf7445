import { configDefaults, defineProject } from 'vitest/config';
import { isolatedServerFiles } from '../../tools/test-passes.js';
import { secondPassExclude, serverTest } from './vitest.config.js';

/**
 * The server files that each get a process of their own (tools/test-passes.js): they start
 * server processes and brokers, time the server or keep it busy for minutes. They run beside
 * the other files, one file per process.
 */
export default defineProject({
  test: {
    ...serverTest,
    // The files that start server processes are here: they start the run's bundle.
    globalSetup: ['test/helpers/global-setup.ts', 'test/helpers/server-bundle.ts'],
    name: 'server-isolated',
    include: isolatedServerFiles,
    exclude: [...configDefaults.exclude, ...secondPassExclude],
    isolate: true,
  },
});

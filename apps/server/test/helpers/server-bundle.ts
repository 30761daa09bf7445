import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../scripts/build-entry.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled as `npm run build` bundles it (dist/main.js), for server processes. */
    serverEntry: string;
  }
}

const serverDir = new URL('../..', import.meta.url).pathname;

/**
 * Bundles the server once per run for the files that start server processes
 * (test/helpers/process.ts): a process then loads one file, as `node dist/main.js` does, instead
 * of tsx compiling and resolving every module of src/ at each start (process.test's bad-setting
 * start: 10 s -> 3 s on the 2-core machine at load 12-15; several starts per test). It sits under node_modules/, where the bundle's npm
 * imports resolve as dist/'s do, with the database thread's entry and the migrations beside it, as the build writes them.
 */
export default async function setup(project: TestProject) {
  const cache = join(serverDir, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const outDir = await mkdtemp(join(cache, 'vigil-test-server-'));
  const entry = join(outDir, 'main.js');
  await bundleServer(serverDir, outDir);
  project.provide('serverEntry', entry);
  return async () => {
    await rm(outDir, { recursive: true, force: true });
  };
}

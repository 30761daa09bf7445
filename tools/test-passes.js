// @ts-check
/**
 * `npm test` runs everything. `.ci/run` runs it twice, the second time on PostgreSQL, Redis and
 * Mosquitto with `VIGIL_TEST_DATABASE_PASS=1`: that pass repeats only what depends on the
 * database and services. Lint, types, formatting, the web, contracts and simulator projects, the
 * server's pure units and the files below gave their answer in the first pass.
 *
 * `node tools/test-passes.js checks` runs lint, typecheck and format:check (the first part of
 * `npm test`), or says why it does not.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export const databaseOnlyPass = process.env.VIGIL_TEST_DATABASE_PASS === '1';

/**
 * Server test files whose outcome does not depend on the database, run once: the schema-driven
 * fuzz stops every bad request at validation before any query (and checks the data unchanged on
 * the first database): 17,700 requests, the longest file of the suite.
 */
export const databaseIndependentServerFiles = [
  'test/unit/**',
  'test/integration/api-fuzz-*.test.ts',
  'test/integration/simulator-load.test.ts',
];

/**
 * Test files at a time, in every project (vitest needs one figure for the projects it runs
 * together). Vitest's default, one fewer than the cores, is a single worker on the 2-core
 * machine; the integration files spend much of their time waiting on the database, on processes
 * they start and on sockets, so every core gets a worker, and two at least.
 * `VIGIL_TEST_WORKERS` overrides it (1 runs the files one after another).
 */
export const testWorkers =
  Number(process.env.VIGIL_TEST_WORKERS) || Math.max(2, availableParallelism());

/**
 * Server test files that each get a process of their own (the server project runs the others
 * file after file in a shared process, importing the server once): they start server processes
 * and brokers, time the server, or hold it busy for minutes, and must neither inherit a warm
 * heap, timers and sockets of the files before them nor leave theirs to the files after.
 */
export const isolatedServerFiles = [
  'test/integration/api-fuzz-*.test.ts',
  'test/integration/auth-hardening.test.ts',
  'test/integration/broker-dynsec.test.ts',
  'test/integration/cluster.test.ts',
  'test/integration/cluster-faults.test.ts',
  'test/integration/history.test.ts',
  'test/integration/ingest-mosquitto.test.ts',
  'test/integration/ingest-process.test.ts',
  'test/integration/process.test.ts',
  'test/integration/realtime-redis.test.ts',
  'test/integration/simulator-load.test.ts',
];

if (process.argv[2] === 'checks') {
  if (databaseOnlyPass) {
    console.log(
      'lint, typecheck and format:check ran in the first pass (VIGIL_TEST_DATABASE_PASS=1)',
    );
  } else {
    for (const script of ['lint', 'typecheck', 'format:check']) {
      const { status } = spawnSync('npm', ['run', script], { stdio: 'inherit' });
      if (status !== 0) process.exit(status ?? 1);
    }
  }
}

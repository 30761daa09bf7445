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
import { spawn } from 'node:child_process';
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

/** Runs `npm run <script>`; resolves with its output (stdout and stderr, as they came) and status. */
function runScript(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (status) => {
      resolve({ output: Buffer.concat(chunks).toString(), status });
    });
  });
}

if (process.argv[2] === 'checks') {
  if (databaseOnlyPass) {
    console.log(
      'lint, typecheck and format:check ran in the first pass (VIGIL_TEST_DATABASE_PASS=1)',
    );
  } else {
    // Side by side (each is one single-threaded process; the machine has two cores or more),
    // each one's output printed whole once it ends, in this order.
    const runs = ['lint', 'typecheck', 'format:check'].map((script) => runScript(script));
    let failed = 0;
    for (const run of runs) {
      const { output, status } = await run;
      process.stdout.write(output);
      if (status !== 0 && failed === 0) failed = status ?? 1;
    }
    if (failed !== 0) process.exit(failed);
  }
}

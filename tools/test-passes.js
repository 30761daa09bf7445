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

export const databaseOnlyPass = process.env.VIGIL_TEST_DATABASE_PASS === '1';

/**
 * Server test files whose outcome does not depend on the database, run once: the schema-driven
 * fuzz stops every bad request at validation before any query (and checks the data unchanged on
 * the first database): 17,700 requests, the longest file of the suite.
 */
export const databaseIndependentServerFiles = [
  'test/unit/**',
  'test/integration/api-fuzz.test.ts',
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

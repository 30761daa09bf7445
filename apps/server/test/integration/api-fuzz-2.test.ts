import { fuzzOperations } from '../fuzz/api-fuzz.js';

// Issue 18's API fuzz (test/fuzz/api-fuzz.ts), half 2 of the operations: the two halves run
// in parallel on the suite's two workers.
await fuzzOperations({ part: 1, parts: 2 });

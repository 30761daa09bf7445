import { fuzzOperations } from '../fuzz/api-fuzz.js';

// Issue 18's API fuzz (test/fuzz/api-fuzz.ts), half 1 of the operations: the two halves run
// in parallel on the suite's two workers.
await fuzzOperations({ part: 0, parts: 2 });

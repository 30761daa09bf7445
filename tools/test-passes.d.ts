/** tools/test-passes.js: what a second pass of `npm test` on another database repeats. */
export declare const databaseOnlyPass: boolean;
export declare const databaseIndependentServerFiles: string[];
/** Test files at a time in every project: the machine's cores, two at least. */
export declare const testWorkers: number;
/** Server test files that each run in a process of their own. */
export declare const isolatedServerFiles: string[];

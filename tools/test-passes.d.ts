/** tools/test-passes.js: what a second pass of `npm test` on another database repeats. */
export declare const databaseOnlyPass: boolean;
export declare const databaseIndependentServerFiles: string[];

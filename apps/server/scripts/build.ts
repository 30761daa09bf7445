/** Builds the server into dist/: the bundled entry plus the SQL migrations it applies on start. */
import { cp, rm } from 'node:fs/promises';
import { bundle } from './build-entry.js';

await rm('dist', { recursive: true, force: true });
await bundle('src/main.ts', 'dist/main.js');
await cp('src/db/migrations', 'dist/migrations', { recursive: true });

/** Builds the server into dist/ (build-entry.ts bundleServer). */
import { rm } from 'node:fs/promises';
import { bundleServer } from './build-entry.js';

await rm('dist', { recursive: true, force: true });
await bundleServer('.', 'dist');

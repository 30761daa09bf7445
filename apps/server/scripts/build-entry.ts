/**
 * Bundles one TypeScript entry into one ESM file for Node: our workspace packages
 * (TypeScript sources) are inlined, every npm dependency stays an import.
 * Usage: tsx build-entry.ts <entry.ts> <out.js>
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';

export async function bundle(entry: string, outfile: string): Promise<void> {
  const externalNpm: Plugin = {
    name: 'external-npm',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@vigil/') ? undefined : { path: args.path, external: true },
      );
    },
  };
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalNpm],
    logLevel: 'warning',
  });
}

/**
 * The server as `dist/` holds it, into `outDir`: the entry, the embedded database thread's entry
 * (db/pglite-thread.ts starts it next to main.js) and the SQL migrations applied on start.
 */
export async function bundleServer(serverDir: string, outDir: string): Promise<void> {
  await bundle(join(serverDir, 'src', 'main.ts'), join(outDir, 'main.js'));
  await bundle(join(serverDir, 'src', 'db', 'pglite-worker.ts'), join(outDir, 'pglite-worker.js'));
  await cp(join(serverDir, 'src', 'db', 'migrations'), join(outDir, 'migrations'), {
    recursive: true,
  });
}

const [entry, outfile] = process.argv.slice(2);
if (entry && outfile && import.meta.url === `file://${process.argv[1] ?? ''}`) {
  await bundle(entry, outfile);
}

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The machine a figure was measured on, kept beside it. */
export function machine() {
  return {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

/** bench/results/<name>.json. */
export const resultsFile = (name: string): string =>
  join(dirname(fileURLToPath(import.meta.url)), 'results', `${name}.json`);

/** What bench/results/<name>.json holds now, or an empty object before its first run. */
export async function readResults<T extends object>(name: string): Promise<Partial<T>> {
  return JSON.parse(await readFile(resultsFile(name), 'utf8').catch(() => '{}')) as Partial<T>;
}

/** Writes bench/results/<name>.json with when and where it was measured, and says where. */
export async function writeResults(name: string, body: Record<string, unknown>): Promise<void> {
  const file = resultsFile(name);
  await mkdir(dirname(file), { recursive: true });
  const document = { benchmark: name, at: new Date().toISOString(), machine: machine(), ...body };
  await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`results written to ${file}\n`);
}

/**
 * Writes this database's run into bench/results/<name>.json beside the other database's last
 * run (`runs.postgres`, `runs.pglite`), so that the file holds both figures a note quotes.
 */
export async function writeResultsOf(
  name: string,
  database: string,
  body: Record<string, unknown>,
): Promise<void> {
  const previous = await readResults<{ runs: Record<string, unknown> }>(name);
  const run = { at: new Date().toISOString(), machine: machine(), ...body };
  await writeResults(name, { runs: { ...previous.runs, [database]: run } });
}

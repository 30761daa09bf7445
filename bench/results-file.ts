import { mkdir, writeFile } from 'node:fs/promises';
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

/** Writes bench/results/<name>.json with when and where it was measured, and says where. */
export async function writeResults(name: string, body: Record<string, unknown>): Promise<void> {
  const file = join(dirname(fileURLToPath(import.meta.url)), 'results', `${name}.json`);
  await mkdir(dirname(file), { recursive: true });
  const document = { benchmark: name, at: new Date().toISOString(), machine: machine(), ...body };
  await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`results written to ${file}\n`);
}

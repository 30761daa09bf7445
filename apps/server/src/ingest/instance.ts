import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * This ingest instance's name, kept in DATA_DIR: the follow-up rows its writer leaves carry it,
 * so that after a restart it takes its own up again at once (modules/readings/follow-up.ts).
 */
export async function ingestInstanceId(dataDir: string): Promise<string> {
  const file = join(dataDir, 'ingest-instance-id');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const id = `ingest-${randomBytes(8).toString('hex')}`;
    await writeFile(file, `${id}\n`, { flag: 'wx' }).catch(() => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}

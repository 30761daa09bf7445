import { join, resolve, sep } from 'node:path';

/** Where stored files live: DATA_DIR/files (DESIGN.md 2). */
export const filesRoot = (dataDir: string) => join(dataDir, 'files');

export type ExportFormat = 'csv' | 'pdf';

/** An export's path under the files root: exports/<accountId>/<taskId>.<ext>. */
export const exportPath = (accountId: string, taskId: string, format: ExportFormat) =>
  join('exports', accountId, `${taskId}.${format}`);

/** The absolute path of a stored file; a path that would leave the files root is refused. */
export function storedFile(dataDir: string, relativePath: string): string {
  const root = resolve(filesRoot(dataDir));
  const absolute = resolve(root, relativePath);
  if (!absolute.startsWith(root + sep))
    throw new Error(`path outside the files root: ${relativePath}`);
  return absolute;
}

/** Export files are kept this long, then removed with their task by the daily cleanup. */
export const exportKeepDays = 7;

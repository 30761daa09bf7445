import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { tasks } from '../../src/db/schema/index.js';
import { filesRoot } from '../../src/modules/files/storage.js';
import {
  buildTaskFile,
  pendingTask,
  withProgress,
  type TaskFileDeps,
} from '../../src/modules/tasks/lifecycle.js';
import { freshDatabase } from '../helpers/test-app.js';

let database: Database;
let dataDir: string;
const owner = 'platform';

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'vigil-task-lifecycle-'));
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function newTask(): Promise<string> {
  const [row] = await database.db
    .insert(tasks)
    .values({ accountId: null, userId: null, kind: 'log_data', params: {} })
    .returning({ id: tasks.id });
  if (!row) throw new Error('no task');
  return row.id;
}

const taskOf = async (id: string) =>
  (await database.db.select().from(tasks).where(eq(tasks.id, id)))[0];
const exportsDir = () => join(filesRoot(dataDir), 'exports', owner);

async function* pagesOf(...sizes: number[]): AsyncIterable<number[]> {
  for (const size of sizes) {
    await Promise.resolve();
    yield Array.from({ length: size }, (_, i) => i);
  }
}

describe('the task lifecycle', () => {
  it('builds aside, tells progress, and moves the whole file into place', async () => {
    const id = await newTask();
    const told: number[] = [];
    const deps: TaskFileDeps = {
      db: database.db,
      dataDir,
      onProgress: (progress) => {
        told.push(progress);
        return Promise.resolve();
      },
    };
    let partPath = '';
    await buildTaskFile(deps, { id, owner, format: 'csv' }, async (file) => {
      partPath = file.path;
      expect((await taskOf(id))?.status).toBe('running');
      for await (const page of withProgress(pagesOf(3, 3, 1), 7, file.progress)) {
        await writeFile(file.path, page.join(','), { flag: 'a' });
      }
      expect((await taskOf(id))?.progress).toBe(99);
    });
    expect(told).toEqual([42, 85, 99]);
    expect(partPath).toMatch(new RegExp(`${id}\\.csv\\.[0-9a-f-]+\\.part$`));
    expect(dirname(partPath)).toBe(exportsDir());
    expect(await readdir(exportsDir())).toEqual([`${id}.csv`]);
    expect(await readFile(join(exportsDir(), `${id}.csv`), 'utf8')).toBe('0,1,20,1,20');
    expect(await taskOf(id)).toMatchObject({
      status: 'completed',
      progress: 100,
      resultPath: join('exports', owner, `${id}.csv`),
      error: null,
    });
    expect(await pendingTask(database.db, id)).toBeUndefined();
  });

  it('marks the task failed with the reason, leaves no part file, and throws again', async () => {
    const id = await newTask();
    const before = await readdir(exportsDir()).catch(() => []);
    const failure = buildTaskFile(
      { db: database.db, dataDir },
      { id, owner, format: 'pdf' },
      async (file) => {
        await writeFile(file.path, 'half a file');
        await file.progress(40);
        throw new Error('the builder broke');
      },
    );
    await expect(failure).rejects.toThrow('the builder broke');
    expect(await readdir(exportsDir())).toEqual(before);
    expect(await taskOf(id)).toMatchObject({
      status: 'failed',
      progress: 40,
      resultPath: null,
      error: 'the builder broke',
    });
    // A failed task is still to be built: a retry of its job runs it again.
    expect((await pendingTask(database.db, id))?.id).toBe(id);
  });

  it('tells at most 99 and survives an empty total', async () => {
    const told: number[] = [];
    const report = (progress: number) => {
      told.push(progress);
      return Promise.resolve();
    };
    const pages: number[][] = [];
    for await (const page of withProgress(pagesOf(2, 0), 0, report)) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([2, 0]);
    expect(told).toEqual([99, 99]);
  });
});

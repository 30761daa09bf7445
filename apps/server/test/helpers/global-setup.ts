import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, dumped once for every test file to load. */
    pgliteSnapshot: string;
    /** With DATABASE_URL: a migrated template database every test file clones. */
    pgTemplate: string;
  }
}

export function adminUrl(databaseUrl: string, database = 'postgres'): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Migrates once per run, so that each test file starts from a fresh, migrated database in well under a second. */
export default async function setup(project: TestProject) {
  const workDir = await mkdtemp(join(tmpdir(), 'vigil-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  let template = '';
  if (databaseUrl) {
    template = `vigil_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const database = await openDatabase({
      databaseUrl: adminUrl(databaseUrl, template),
      poolSize: 1,
    });
    await database.close();
  }
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const snapshot = join(workDir, 'pglite.tar');
  await writeFile(snapshot, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', snapshot);
  project.provide('pgTemplate', template);

  return async () => {
    await rm(workDir, { recursive: true, force: true });
    if (databaseUrl && template) {
      const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { adminUrl } from './global-setup.js';

const serverDir = new URL('../..', import.meta.url).pathname;

/** Environment for a server process on a database of its own (a template clone on PostgreSQL, PGlite in DATA_DIR otherwise). */
export async function processEnvironment(): Promise<{
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-proc-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: '0',
    MQTT_PORT: '0',
    LOG_LEVEL: 'info',
  };
  const databaseUrl = process.env.DATABASE_URL;
  let database: string | undefined;
  if (databaseUrl) {
    database = `vigil_p_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    await admin.query(`create database ${database} template ${inject('pgTemplate')}`);
    await admin.end();
    env.DATABASE_URL = adminUrl(databaseUrl, database);
  }
  return {
    env,
    async cleanup() {
      await rm(dataDir, { recursive: true, force: true });
      if (databaseUrl && database) {
        const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
        await admin.connect();
        await admin.query(`drop database if exists ${database} with (force)`);
        await admin.end();
      }
    },
  };
}

export type ServerProcess = {
  child: ChildProcess;
  /** Resolves with the first output line matching `pattern` (stdout or stderr). */
  waitFor: (pattern: RegExp) => Promise<string>;
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * Runs the server in a child process as `node dist/main.js` runs: the run's bundle of
 * `src/main.ts` (test/helpers/server-bundle.ts, the global setup of the projects whose files
 * start processes).
 */
export function startServerProcess(args: string[], env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [inject('serverEntry'), ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const waiter of [...waiters]) {
      const line = text.split('\n').find((candidate) => waiter.pattern.test(candidate));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern) {
      const line = text.split('\n').find((candidate) => pattern.test(candidate));
      if (line !== undefined) return Promise.resolve(line);
      return new Promise<string>((resolve, reject) => {
        waiters.push({ pattern, resolve });
        void exited.then((code) => {
          reject(
            new Error(
              `server exited (${String(code)}) before printing ${String(pattern)}:\n${text}`,
            ),
          );
        });
      });
    },
  };
}

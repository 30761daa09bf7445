import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type {
  PgliteErrorData,
  PgliteRequest,
  PgliteResponse,
  PgliteWorkerData,
} from './pglite-protocol.js';

/** What a request carries besides its id (a union, so each kind keeps its own fields). */
type Ask = PgliteRequest extends infer R
  ? R extends PgliteRequest
    ? Omit<R, 'id'>
    : never
  : never;

type Executor = {
  query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  exec: (sql: string) => Promise<Results[]>;
};

/**
 * The part of PGlite's API that drizzle and this server use: PGlite itself (tests open one in
 * the process), or the worker thread's client.
 */
export type PgliteClient = Executor & {
  transaction: <T>(callback: (tx: Executor) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

type Parse = (value: string, type: number) => unknown;

/** The error the worker reported, with its fields (code, detail, constraint ...) as PGlite's. */
function toError(data: PgliteErrorData): Error {
  const error = new Error(data.message);
  Object.assign(error, data.fields);
  error.name = data.name;
  return error;
}

/**
 * The types whose text drizzle keeps unparsed (dates and intervals): only such identity parsers
 * can cross to the worker, which applies the same.
 */
function rawTypes(options: QueryOptions | undefined): number[] {
  const parsers = Object.entries(options?.parsers ?? {}) as [string, Parse][];
  return parsers.map(([type, parse]) => {
    const probe = '2000-01-01 00:00:00+00';
    if (parse(probe, Number(type)) !== probe) {
      throw new Error(`only identity parsers reach the database thread (type ${type})`);
    }
    return Number(type);
  });
}

/** COPY ... FROM '/dev/blob' reads a blob: it crosses as its text. */
async function copyText(options: QueryOptions | undefined): Promise<{ copyText?: string }> {
  return options?.blob ? { copyText: await options.blob.text() } : {};
}

/** The worker's module next to this one: TypeScript from the source tree (through tsx), else the bundle's. */
function startWorker(data: PgliteWorkerData): Worker {
  const source = new URL('./pglite-worker.ts', import.meta.url);
  if (import.meta.url.endsWith('.ts') && existsSync(fileURLToPath(source))) {
    // From the source tree (tests, tsx): the worker registers tsx, then loads the TypeScript.
    const load = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`;
    return new Worker(load, { eval: true, workerData: data });
  }
  return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: data });
}

type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** Requests to the worker and their answers; once it fails, every request fails. */
function connect(worker: Worker) {
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  let failure: Error | undefined;
  const ready = new Promise<unknown>((resolve, reject) => {
    waiting.set(0, { resolve, reject });
  });
  const failAll = (error: Error) => {
    failure ??= error;
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  worker.on('message', (response: PgliteResponse) => {
    const pending = waiting.get(response.id);
    if (!pending) return;
    waiting.delete(response.id);
    if (response.ok) pending.resolve(response.result);
    else pending.reject(toError(response.error));
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => {
    failAll(new Error(`database thread exited (${String(code)})`));
  });
  /** Sends a request: its id, and its answer. */
  const send = <T>(request: Ask): { id: number; answer: Promise<T> } => {
    const id = nextId;
    nextId += 1;
    if (failure) return { id, answer: Promise.reject(failure) };
    const answer = new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
    return { id, answer };
  };
  return { ready, send, failed: () => failure !== undefined };
}

/**
 * Opens PGlite in a worker thread and answers as PGlite would: a query of hundreds of
 * milliseconds (a year's chart, the rollups of a thousand devices) no longer holds up the
 * broker, the API and the live sockets, and the database's work runs beside the main thread's
 * on a second core. Requests keep their order; a transaction holds the database until it ends,
 * as in PGlite (queries from outside wait for it). When the thread dies every request waiting
 * fails, and so does every later one.
 */
export async function openPgliteThread(data: PgliteWorkerData): Promise<PgliteClient> {
  const worker = startWorker(data);
  const { ready, send, failed } = connect(worker);
  const ask = <T>(request: Ask) => send<T>(request).answer;
  const executor = (tx?: number): Executor => ({
    query: async <T>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
      ask<Results<T>>({
        kind: 'query',
        sql,
        params,
        array: options?.rowMode === 'array',
        rawTypes: rawTypes(options),
        ...(await copyText(options)),
        ...(tx === undefined ? {} : { tx }),
      }),
    exec: (sql: string) =>
      ask<Results[]>({ kind: 'exec', sql, ...(tx === undefined ? {} : { tx }) }),
  });
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    ...executor(),
    async transaction<T>(callback: (tx: Executor) => Promise<T>): Promise<T> {
      // The transaction's id is the id of the request that began it.
      const { id, answer } = send({ kind: 'begin' });
      await answer;
      let result: T;
      try {
        result = await callback(executor(id));
      } catch (error) {
        await ask({ kind: 'end', tx: id, commit: false }).catch(() => undefined);
        throw error;
      }
      await ask({ kind: 'end', tx: id, commit: true });
      return result;
    },
    async close() {
      if (!failed()) await ask({ kind: 'close' });
      await worker.terminate();
    },
  };
}

/**
 * The worker thread that runs the embedded database (PGlite): its WebAssembly executes here, off
 * the event loop that serves the broker, the API and the sockets (pglite-thread.ts is the main
 * thread's side). One PGlite, as before: queries and transactions keep its one-at-a-time order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import {
  errorData,
  type PgliteRequest,
  type PgliteResponse,
  type PgliteWorkerData,
} from './pglite-protocol.js';

type Open = { tx: Transaction; end: (commit: boolean) => void; settled: Promise<unknown> };

/** Thrown inside a transaction's callback to roll it back when the main thread asks to. */
class Rollback extends Error {}

const port = parentPort;
if (!port) throw new Error('pglite-worker runs in a worker thread');
const data = workerData as PgliteWorkerData;

const db = await PGlite.create({ dataDir: data.dataDir, postgresqlconf: data.settings });
// PGlite runs no checkpointer of its own (db/client.ts).
const checkpoints = setInterval(() => {
  db.exec('checkpoint').catch(() => undefined);
}, data.checkpointMs);
const open = new Map<number, Open>();

const identity = (value: unknown) => value;
const executor = (tx: number | undefined) => {
  if (tx === undefined) return db;
  const held = open.get(tx);
  if (!held) throw new Error(`no open transaction ${String(tx)}`);
  return held.tx;
};

/** Opens a transaction that stays open until its `end`: answers once it has begun. */
function begin(id: number): Promise<unknown> {
  return new Promise((began, failed: (error: Error) => void) => {
    let end: (commit: boolean) => void = () => undefined;
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    const settled = db.transaction(async (tx) => {
      open.set(id, { tx, end, settled });
      began(null);
      if (!(await ended)) throw new Rollback();
    });
    settled.catch((error: unknown) => {
      // Failed to begin: nobody waits on `settled` yet.
      if (!open.has(id)) failed(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

async function end(tx: number, commit: boolean): Promise<unknown> {
  const held = open.get(tx);
  if (!held) throw new Error(`no open transaction ${String(tx)}`);
  held.end(commit);
  try {
    await held.settled;
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  } finally {
    open.delete(tx);
  }
  return null;
}

async function handle(request: PgliteRequest): Promise<unknown> {
  switch (request.kind) {
    case 'query': {
      const parsers = Object.fromEntries(request.rawTypes.map((type) => [type, identity]));
      return executor(request.tx).query(request.sql, request.params, {
        rowMode: request.array ? 'array' : 'object',
        parsers,
        ...(request.copyText === undefined ? {} : { blob: new Blob([request.copyText]) }),
      });
    }
    case 'exec':
      return executor(request.tx).exec(request.sql);
    case 'begin':
      return begin(request.id);
    case 'end':
      return end(request.tx, request.commit);
    case 'close':
      clearInterval(checkpoints);
      await db.close();
      return null;
  }
}

port.on('message', (request: PgliteRequest) => {
  handle(request).then(
    (result) => {
      port.postMessage({ id: request.id, ok: true, result } satisfies PgliteResponse);
      // Closed: nothing keeps the thread alive any more, and it ends.
      if (request.kind === 'close') port.close();
    },
    (error: unknown) => {
      port.postMessage({
        id: request.id,
        ok: false,
        error: errorData(error),
      } satisfies PgliteResponse);
    },
  );
});
port.postMessage({ id: 0, ok: true, result: 'ready' } satisfies PgliteResponse);

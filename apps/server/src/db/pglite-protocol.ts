/**
 * The messages between the main thread's PGlite client (pglite-thread.ts) and the worker thread
 * that runs PGlite (pglite-worker.ts). Every request carries an id its answer repeats.
 */

/** How the worker opens the database. */
export type PgliteWorkerData = { dataDir: string; settings: string[]; checkpointMs: number };

export type PgliteRequest =
  | {
      id: number;
      kind: 'query';
      sql: string;
      params: unknown[];
      /** Rows as arrays (drizzle's mode) rather than objects. */
      array: boolean;
      /** Types returned as the database's text, unparsed (drizzle's parsers for dates). */
      rawTypes: number[];
      /** The data of COPY ... FROM '/dev/blob', as text. */
      copyText?: string;
      /** The open transaction it belongs to, if any. */
      tx?: number;
    }
  | { id: number; kind: 'exec'; sql: string; tx?: number }
  /** Opens a transaction; its id is this request's id. */
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'end'; tx: number; commit: boolean }
  | { id: number; kind: 'close' };

/** A database error as plain data: its message and fields (code, detail, constraint ...). */
export type PgliteErrorData = { message: string; name: string; fields: Record<string, unknown> };

export type PgliteResponse =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: PgliteErrorData };

/** The fields of an error that can cross to the other thread (primitives only). */
export function errorData(error: unknown): PgliteErrorData {
  const fields: Record<string, unknown> = {};
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
        fields[key] = value;
      }
    }
  }
  return {
    message: error instanceof Error ? error.message : String(error),
    name: error instanceof Error ? error.name : 'Error',
    fields,
  };
}

import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { GatewayLogSink } from '../../ingest/ports.js';
import * as repo from './repo.js';

/** Queues lines and writes them in batches; resolves each once written (or dropped). */
export type GatewayLogWriter = GatewayLogSink;

/** Lines longer than this are cut; the table is for people to read. */
const maxMessageLength = 2000;
/** Lines waiting beyond this are dropped (and counted) rather than held in memory. */
const maxQueued = 10_000;
const linesPerInsert = 500;

/** PostgreSQL text cannot hold NUL; control characters would garble the page. */
function clean(message: string): string {
  // eslint-disable-next-line no-control-regex
  return message.replace(/[\u0000-\u0008\u000b-\u001f]/g, ' ').slice(0, maxMessageLength);
}

/**
 * Writes gateway log lines in batches, off the readings' path: a flood of bad messages costs
 * one insert per batch, and a failure to log never stops ingestion.
 */
export function createGatewayLogWriter(options: {
  db: Db;
  log: Logger;
  flushMs: number;
  onDropped: (count: number) => void;
}): GatewayLogWriter {
  let queue: { line: repo.NewGatewayLog; done: () => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function flush(): Promise<void> {
    timer = undefined;
    const taken = queue;
    queue = [];
    for (let start = 0; start < taken.length; start += linesPerInsert) {
      const part = taken.slice(start, start + linesPerInsert);
      try {
        await repo.insertLogs(
          options.db,
          part.map((entry) => entry.line),
        );
      } catch (error) {
        options.log.warn({ err: error, lines: part.length }, 'gateway log lines not written');
      }
      for (const entry of part) entry.done();
    }
  }

  function schedule() {
    timer ??= setTimeout(() => {
      writing = writing.then(flush);
    }, options.flushMs);
  }

  return {
    add(line) {
      if (queue.length >= maxQueued) {
        options.onDropped(1);
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        queue.push({
          line: {
            gatewayId: clean(line.gatewayId).slice(0, 200).toLowerCase(),
            accountId: line.accountId,
            source: line.source,
            message: clean(line.message),
          },
          done: resolve,
        });
        schedule();
      });
    },
    async close() {
      clearTimeout(timer);
      writing = writing.then(flush);
      await writing;
    },
  };
}

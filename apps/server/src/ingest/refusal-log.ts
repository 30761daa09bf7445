/** What a refusal is about: one source (a gateway, an account's API key) and one reason. */
export type Refusal = {
  /** The gateway, or the account for HTTP ingest: refusals are summarised per source. */
  source: string;
  accountId: string | null;
  /** The topic kind (`up`, `status`, `log`) or `http`. */
  kind: string;
  reason: string;
  detail: string;
  /** The first line's words after "rejected a message on <kind>: ", when not "<reason> (<detail>)". */
  text?: string;
};

type Window = { refusal: Refusal; startedAt: number; more: number; last: string };

export type RefusalLog = {
  /** Logs a refusal now, or counts it when its source refused the same way within the window. */
  note: (refusal: Refusal) => Promise<void>;
  /** Writes the summary of every window that has ended; the timer calls it, tests may too. */
  sweep: (now?: number) => Promise<void>;
  /** Writes every pending summary and stops the timer. */
  close: () => Promise<void>;
};

const words = (reason: string) => reason.replaceAll('_', ' ');

/** The line of a first refusal, as the gateway log has always shown it. */
export const refusalLine = (refusal: Refusal) =>
  `rejected a message on ${refusal.kind}: ${refusal.text ?? `${words(refusal.reason)} (${refusal.detail})`}`;

const summaryLine = (window: Window, windowMs: number) =>
  `rejected ${window.more.toLocaleString('en')} more message${window.more === 1 ? '' : 's'} on ${window.refusal.kind} in the last ${windowMs === 60_000 ? 'minute' : `${String(windowMs / 1000)} s`}: ${words(window.refusal.reason)} (last: ${window.last})`;

/**
 * Keeps a flood of bad messages from flooding the log: the first refusal of a source for a
 * reason is written at once; further ones within `windowMs` are only counted, and one line with
 * the count is written when the window ends (so a steady flood writes a line a minute). Every
 * refusal is still counted in the metrics by the caller.
 */
export function createRefusalLog(options: {
  write: (refusal: Refusal, line: string) => Promise<void>;
  windowMs?: number;
  now?: () => number;
  /** Sources tracked at once; beyond it the oldest windows are summarised early. */
  maxWindows?: number;
}): RefusalLog {
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const maxWindows = options.maxWindows ?? 10_000;
  const windows = new Map<string, Window>();

  async function end(key: string, window: Window, at: number, keep: boolean) {
    if (window.more > 0) {
      await options.write(window.refusal, summaryLine(window, windowMs));
      if (keep) {
        windows.set(key, { refusal: window.refusal, startedAt: at, more: 0, last: window.last });
        return;
      }
    }
    windows.delete(key);
  }

  async function sweep(at = now()) {
    const ended = [...windows].filter(([, window]) => at - window.startedAt >= windowMs);
    for (const [key, window] of ended) await end(key, window, at, true);
  }

  const timer = setInterval(
    () => {
      void sweep();
    },
    Math.min(windowMs, 1000),
  );
  timer.unref();

  return {
    async note(refusal) {
      const key = `${refusal.source}\u0000${refusal.kind}\u0000${refusal.reason}`;
      const at = now();
      let open = windows.get(key);
      if (open && at - open.startedAt >= windowMs) {
        // The window ended before the timer saw it: its summary now, and a flood goes on counting.
        await end(key, open, at, true);
        open = windows.get(key);
      }
      if (open) {
        open.more += 1;
        open.last = refusal.detail;
        return;
      }
      if (windows.size >= maxWindows) {
        const [oldestKey, oldest] = windows.entries().next().value ?? [];
        if (oldestKey !== undefined && oldest) await end(oldestKey, oldest, at, false);
      }
      windows.set(key, { refusal, startedAt: at, more: 0, last: refusal.detail });
      await options.write(refusal, refusalLine(refusal));
    },
    sweep,
    async close() {
      clearInterval(timer);
      for (const [key, window] of [...windows]) await end(key, window, now(), false);
    },
  };
}

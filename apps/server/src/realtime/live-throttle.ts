import type { LiveReading } from '../ingest/events.js';

export type LiveThrottleOptions = {
  /** At most one liveData per device per window. */
  windowMs: number;
  /** At most this many graphData points per device per window: the newest are kept. */
  graphLimit: number;
  /** Called with the newest reading to show (undefined when none is newer than the last one sent) and the chart's points in time order. */
  send: (latest: LiveReading | undefined, graph: LiveReading[]) => void;
  now?: () => number;
};

type DeviceWindow = {
  /** Until when this device's window is open: readings arriving before then wait for its end. */
  closesAt: number;
  /** The newest reading held (by its own time), and that time. */
  latest: LiveReading | undefined;
  latestMs: number;
  /** The time of the newest reading sent as liveData: an older one is never shown as live. */
  sentMs: number;
  graph: LiveReading[];
};

/** Adds readings to their devices' windows (opened on first sight); the windows touched. */
function hold(
  windows: Map<string, DeviceWindow>,
  readings: LiveReading[],
  graphLimit: number,
): Set<DeviceWindow> {
  const touched = new Set<DeviceWindow>();
  for (const live of readings) {
    let window = windows.get(live.id);
    if (!window) {
      window = {
        closesAt: 0,
        latest: undefined,
        latestMs: -Infinity,
        sentMs: -Infinity,
        graph: [],
      };
      windows.set(live.id, window);
    }
    const ms = Date.parse(live.reading.createdAt);
    if (ms >= window.latestMs) {
      window.latest = live;
      window.latestMs = ms;
    }
    window.graph.push(live);
    if (window.graph.length > graphLimit * 2) {
      window.graph = window.graph.slice(-graphLimit);
    }
    touched.add(window);
  }
  return touched;
}

/**
 * Coalesces the stream of stored readings per device, so that a burst never floods a browser:
 * the first reading after a quiet window goes out at once (no added latency at the usual cadence
 * of a reading every few seconds); readings within the window wait for its end and go out
 * together, liveData carrying only the newest of them, graphData every point up to `graphLimit`
 * (a gateway catching up on hours of buffered readings sends its newest points, and the chart
 * reads older ones from history). One timer checks the devices that hold something; nothing
 * blocks the ingest path beyond a map update per reading.
 */
export function createLiveThrottle(options: LiveThrottleOptions) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, DeviceWindow>();
  const holding = new Set<DeviceWindow>();
  let timer: NodeJS.Timeout | undefined;

  function flush(window: DeviceWindow, at: number) {
    holding.delete(window);
    const latest = window.latest && window.latestMs > window.sentMs ? window.latest : undefined;
    const graph = window.graph;
    window.latest = undefined;
    window.graph = [];
    if (latest) window.sentMs = window.latestMs;
    window.latestMs = -Infinity;
    window.closesAt = at + options.windowMs;
    if (latest || graph.length > 0) {
      graph.sort((a, b) => Date.parse(a.reading.createdAt) - Date.parse(b.reading.createdAt));
      options.send(latest, graph);
    }
  }

  function tick() {
    const at = now();
    for (const window of holding) if (window.closesAt <= at) flush(window, at);
    if (holding.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  return {
    /** Readings just committed, in commit order. */
    push(readings: LiveReading[]) {
      const touched = hold(windows, readings, options.graphLimit);
      const at = now();
      for (const window of touched) {
        if (window.graph.length > options.graphLimit) {
          window.graph = window.graph.slice(-options.graphLimit);
        }
        if (window.closesAt <= at) flush(window, at);
        else holding.add(window);
      }
      if (holding.size > 0 && !timer) {
        // A fifth of the window: a held reading waits at most 1.2 windows.
        timer = setInterval(tick, Math.max(1, Math.floor(options.windowMs / 5)));
        timer.unref();
      }
    },
    /** Sends what is held now (shutdown). */
    flushAll() {
      const at = now();
      for (const window of holding) flush(window, at);
    },
    /** Devices holding readings, for tests and metrics. */
    holding: () => holding.size,
    close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      holding.clear();
      windows.clear();
    },
  };
}
export type LiveThrottle = ReturnType<typeof createLiveThrottle>;

/**
 * `npm run bench:time-zone`: the cost of one call of the server's wall-clock helpers
 * (apps/server/src/lib/time-zone.ts, temporal-polyfill behind per-zone caches) on the paths
 * that call them most: the alarm engine's light-window check per reading, a CSV export's
 * local timestamp per row, a report tick's period start, and a chart's day starts. The
 * baseline, timed in the same run, is what the server did before it used the library: a
 * cached `Intl.DateTimeFormat` per zone and `formatToParts` per call. BENCH_CALLS (1,000,000)
 * calls per figure; readings 10 s apart, each call's zone taken in turn from eight zones.
 */
import { loadavg } from 'node:os';
import type { LightSchedule } from '@vigil/contracts';
import { inLightWindow } from '../apps/server/src/modules/alarms/engine/checks.js';
import {
  formatLocal,
  startOf,
  startOfLocalDay,
  wallClock,
} from '../apps/server/src/lib/time-zone.js';
import { writeResults } from './results-file.js';

const calls = Number(process.env.BENCH_CALLS ?? 1_000_000);
const zones = [
  'Europe/Warsaw',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Europe/Vaduz',
  'America/Santiago',
  'Asia/Tokyo',
  'Etc/UTC',
];
const start = Date.UTC(2026, 0, 1);
const stepMs = 10_000;
const zoneOf = (i: number) => zones[i % zones.length] ?? 'Etc/UTC';
const dayMs = 86_400_000;

/** The baseline: the server's former hand-written wall clock (one formatToParts per call). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function intlWallClock(instant: number, timezone: string) {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, formatter);
  }
  const clock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatter.formatToParts(instant)) {
    if (part.type in clock) clock[part.type as keyof typeof clock] = Number(part.value);
  }
  return clock;
}

/** ns per call of `run(i)` for i < `count`, after a warm-up of 10,000 calls with other i. */
function nsPerCall(count: number, run: (i: number) => number): number {
  let sink = 0;
  for (let i = 0; i < 10_000; i++) sink += run(count + i);
  const began = process.hrtime.bigint();
  for (let i = 0; i < count; i++) sink += run(i);
  const ns = Number(process.hrtime.bigint() - began) / count;
  if (Number.isNaN(sink)) throw new Error('unreachable: keeps the calls from being optimised away');
  return Math.round(ns);
}

const schedule: LightSchedule = {
  days: Array.from({ length: 7 }, (_, day) => ({
    day,
    enabled: day < 5,
    windows: [{ from: '07:00', to: '19:00' }],
  })),
};

const load = loadavg().map((value) => Number(value.toFixed(2)));
const figures = {
  wallClock: {
    library: nsPerCall(calls, (i) => wallClock(start + i * stepMs, zoneOf(i)).minute),
    intlBaseline: nsPerCall(calls, (i) => intlWallClock(start + i * stepMs, zoneOf(i)).minute),
  },
  inLightWindow: nsPerCall(calls, (i) =>
    inLightWindow(schedule, start + i * stepMs, zoneOf(i)) ? 1 : 0,
  ),
  formatLocal: nsPerCall(calls, (i) => formatLocal(start + i * stepMs, zoneOf(i)).length),
  startOfDay: nsPerCall(calls, (i) => startOf(start + i * stepMs, 'day', zoneOf(i))),
  /** A chart's or a report's first look at a day: the library itself, nothing cached yet. */
  startOfLocalDayUncached: nsPerCall(10_000, (i) =>
    startOfLocalDay(Math.floor(start / dayMs) - 20_000 + i, 'America/New_York'),
  ),
};

const ratio = Number((figures.wallClock.library / figures.wallClock.intlBaseline).toFixed(3));
process.stdout.write(
  `ns per call (${String(calls)} calls, load ${load.join(' ')}):\n${JSON.stringify(figures, null, 2)}\n` +
    `wallClock: library / Intl baseline = ${String(ratio)}\n`,
);
await writeResults('time-zone', { load, calls, figures, ratioToIntlBaseline: ratio });
